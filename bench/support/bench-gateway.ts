import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIfStale, gatewayBundle } from '../../src/renderer/build-if-stale.mjs'
import { startProcess } from './processes'

/**
 * Gatehouse as `npm run serve` runs it (the built bundle out/serve/cli.cjs, rebuilt first when stale) in a fresh
 * temp data dir, with one model, `bench`, served by `upstreamUrl` as `bench-upstream` (or the providers, models
 * and engines `config` gives), and one team whose key is `key`; `args` go after cli's own (e.g. --database-url). `nodeFlags` go before the script (e.g.
 * --cpu-prof), then those in BENCH_GATEWAY_NODE_FLAGS (space-separated: an A/B of a V8 setting in any bench); `dir` holds the
 * config and data for the caller to remove.
 */
export async function startBenchGateway(upstreamUrl: string, key: string, { nodeFlags = [] as string[], ipc = false, config = undefined as Record<string, unknown> | undefined, args: extraArgs = [] as string[] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gh-bench-'))
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      credits: 1e9,
      providers: [{ id: 'up', type: 'openai', base_url: `${upstreamUrl}/v1`, api_key: 'sk-bench' }],
      models: [{ name: 'bench', provider: 'up', upstream: 'bench-upstream', pricing: { input: 1, output: 1 } }],
      teams: [{ name: 'bench', keys: [key] }],
      ...config,
    }),
  )
  buildIfStale(gatewayBundle)
  const cli = join(import.meta.dirname, '../../out/serve/cli.cjs')
  const envFlags = (process.env.BENCH_GATEWAY_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean)
  const args = [...nodeFlags, ...envFlags, cli, '--config', join(dir, 'config.json'), '--data-dir', join(dir, 'data'), '--port', '0', ...extraArgs]
  const { child, match } = await startProcess(process.execPath, args, /listening on (http:\/\/\S+)/, { ipc })
  return { child, url: match[1]!, dir }
}
