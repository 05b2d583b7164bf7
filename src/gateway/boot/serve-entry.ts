import { join } from 'node:path'
import { runWithCodeCache } from './code-cache'

/**
 * `out/serve/cli.cjs`, what `npm run serve` runs: the gateway's bundle (cli.ts, built as gateway.cjs beside it)
 * with V8's code cache, so a start after the first skips compiling most of it (vite.serve.config.ts).
 */
runWithCodeCache(join(import.meta.dirname, 'gateway.cjs'))
