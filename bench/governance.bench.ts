import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { Pool } from 'undici'
import { startBenchGateway } from './support/bench-gateway'
import { cpuUsageOf, reportCpuUsage, startProcess } from './support/processes'

/**
 * Issue 27: gateway CPU time per chat completion with governance on against off, in one run. Two
 * Gatehouse processes behind one fake upstream: `off` has no limits and no metrics (`telemetry.metrics:
 * false`); `on` has metrics and a team with rpm and tpm limits, a per-model limit and a renewing budget (all
 * far from reached, so every request is admitted, counted and charged against the budget). Windows alternate between the two so background load falls
 * on both. Target: on/off at most 1.15x.
 * BENCH_GOV_REQUESTS (default 6000) per gateway, BENCH_GOV_WARMUP (default 3000).
 */
const KEY = 'bench-gov-team-key-0123456789abcdef'
const REQUESTS = Number(process.env.BENCH_GOV_REQUESTS ?? 6000)
const WARMUP = Number(process.env.BENCH_GOV_WARMUP ?? 3000)
const CONCURRENCY = 16
const SLICES = 5
const TARGET = 1.15

const HIGH = 1_000_000_000
/** What "on" turns on: limits, budgets and metrics together, as the issue measures them. */
export const governedConfig: Record<string, unknown> = {
  telemetry: { metrics: true },
  teams: [{ name: 'bench', keys: [KEY], rpm_limit: HIGH, tpm_limit: HIGH, budget: { credits: HIGH, period: 'month' }, model_limits: { bench: { rpm_limit: HIGH, tpm_limit: HIGH } } }],
}

const upstream = await startProcess(process.execPath, [...reportCpuUsage, join(import.meta.dirname, 'support/fake-chat-upstream.mjs')], /listening (\d+)/, { ipc: true })
const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`
const gateways = {
  off: await startBenchGateway(upstreamUrl, KEY, { nodeFlags: reportCpuUsage, ipc: true, config: { telemetry: { metrics: false } } }),
  on: await startBenchGateway(upstreamUrl, KEY, { nodeFlags: reportCpuUsage, ipc: true, config: governedConfig }),
}
type Side = keyof typeof gateways
const pools = { off: new Pool(gateways.off.url, { connections: CONCURRENCY }), on: new Pool(gateways.on.url, { connections: CONCURRENCY }) }
const body = JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'Say hello.' }], max_tokens: 64 })

async function load(side: Side, total: number): Promise<void> {
  let sent = 0
  const client = async () => {
    while (sent < total) {
      sent++
      const res = await pools[side].request({ method: 'POST', path: '/v1/chat/completions', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body })
      const text = await res.body.text()
      if (res.statusCode !== 200) throw new Error(`${side}: status ${res.statusCode}: ${text.slice(0, 300)}`)
      if (side === 'on' && !res.headers['x-ratelimit-remaining-requests']) throw new Error('governance is not on: no x-ratelimit headers')
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client))
}

async function measure(side: Side, total: number): Promise<number> {
  const before = await cpuUsageOf(gateways[side].child)
  await load(side, total)
  return (await cpuUsageOf(gateways[side].child)) - before
}

for (const side of ['off', 'on'] as const) await load(side, WARMUP)
const spent = { off: 0, on: 0 }
const ratios: number[] = []
for (let slice = 0; slice < SLICES; slice++) {
  const share = Math.floor(REQUESTS / SLICES)
  const off = await measure('off', share)
  const on = await measure('on', share)
  spent.off += off
  spent.on += on
  ratios.push(on / off)
}
const perRequest = (us: number) => (us / (Math.floor(REQUESTS / SLICES) * SLICES)).toFixed(0)
console.log(`governance: server CPU time (user + system) per chat completion, ${REQUESTS} requests per gateway at ${CONCURRENCY} concurrent clients, after ${WARMUP} warm-up requests`)
console.table([
  {
    'off µs/req': perRequest(spent.off),
    'on µs/req': perRequest(spent.on),
    'on/off': `${(spent.on / spent.off).toFixed(2)}x`,
    'over slices': `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x`,
    target: `≤ ${TARGET}x`,
  },
])

for (const pool of Object.values(pools)) await pool.close()
for (const g of Object.values(gateways)) {
  const exit = new Promise((resolve) => g.child.once('exit', resolve))
  g.child.kill('SIGTERM')
  await exit
  rmSync(g.dir, { recursive: true, force: true })
}
upstream.child.kill('SIGTERM')
