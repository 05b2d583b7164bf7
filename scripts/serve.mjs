// `npm run serve`: the headless gateway from its built bundle (out/serve/cli.js), in this process. Both the web UI
// and that bundle are rebuilt first when their sources are newer; a warm start loads no TypeScript tooling at all.
import { buildIfStale, webRenderer } from '../src/renderer/build-if-stale.mjs'

buildIfStale(webRenderer)
const gatewayBuilt = buildIfStale({
  what: 'the gateway',
  output: 'out/serve/cli.js',
  inputs: ['src/gateway', 'src/shared', 'vite.serve.config.ts', 'electron.vite.config.ts', 'package-lock.json'],
  config: 'vite.serve.config.ts',
  missing: 'install the dev dependencies (npm install) to build it',
})
if (!gatewayBuilt) process.exit(1)
await import('../out/serve/cli.js')
