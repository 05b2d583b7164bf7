// `npm run serve`: the headless gateway from its built bundle (out/serve/cli.cjs), in this process. Both the web UI
// and that bundle are rebuilt first when their sources are newer; a warm start loads no TypeScript tooling at all.
import { createRequire } from 'node:module'
import { buildIfStale, gatewayBundle, webRenderer } from '../src/renderer/build-if-stale.mjs'
import { collectStartupGarbage, leanUntilFirstRequest } from './lean-until-first-request.mjs'

leanUntilFirstRequest()
collectStartupGarbage()
buildIfStale(webRenderer)
if (!buildIfStale(gatewayBundle)) process.exit(1)
// Required, not imported: an ES module importing CommonJS loads Node's CommonJS lexer to find its exports.
createRequire(import.meta.url)('../out/serve/cli.cjs')
