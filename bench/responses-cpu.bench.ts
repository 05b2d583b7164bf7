import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'undici'
import { startBenchGateway } from './support/bench-gateway'
import { cpuUsageOf, reportCpuUsage, startProcess } from './support/processes'

/**
 * Gateway CPU time per request of `/v1/responses` against `/v1/chat/completions` on one upstream, in
 * one run: the Responses front translates to the chat pivot and back, so its cost over chat is what
 * that translation (and keeping the response: `store` is on, as by default) adds. Plain and streamed,
 * 16 concurrent clients, measured windows alternating between the two endpoints as in cpu.bench.ts,
 * in BENCH_RESPONSES_SLICES (default 20) short slices whose order flips each time, so a burst of load
 * from elsewhere on the machine falls on both endpoints alike; the median slice ratio is the figure
 * least moved by one such burst. BENCH_RESPONSES_REQUESTS (default 5000) per cell, BENCH_RESPONSES_WARMUP
 * (default 2500) per endpoint and mode; BENCH_STORE=0 sends `store: false`, to tell the translation's cost from the store's.
 * BENCH_CPU_PROFILE=1 runs Gatehouse under --cpu-prof, as cpu.bench.ts does (its figures then include the profiler).
 * Aim: at most 1.2x chat; reported, not asserted.
 */
const KEY = 'bench-cpu-team-key-0123456789abcdef'
const REQUESTS = Number(process.env.BENCH_RESPONSES_REQUESTS ?? 5000)
const WARMUP = Number(process.env.BENCH_RESPONSES_WARMUP ?? 2500)
const CONCURRENCY = 16
const SLICES = Number(process.env.BENCH_RESPONSES_SLICES ?? 20)
const AIM = 1.2

const upstream = await startProcess(process.execPath, [...reportCpuUsage, `${import.meta.dirname}/support/fake-chat-upstream.mjs`], /listening (\d+)/, { ipc: true })
const profileDir = process.env.BENCH_CPU_PROFILE === '1' ? mkdtempSync(join(tmpdir(), 'gh-responses-profile-')) : undefined
const profileFlags = profileDir ? ['--cpu-prof', '--cpu-prof-interval=250', `--cpu-prof-dir=${profileDir}`] : []
const gatehouse = await startBenchGateway(`http://127.0.0.1:${upstream.match[1]}`, KEY, { nodeFlags: [...profileFlags, ...reportCpuUsage], ipc: true })
const pool = new Pool(gatehouse.url, { connections: CONCURRENCY })

type Endpoint = 'chat' | 'responses'
type Mode = 'plain' | 'stream'
const request = {
  chat: (mode: Mode) => ({ path: '/v1/chat/completions', body: JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'Say hello.' }], ...(mode === 'stream' ? { stream: true } : {}) }) }),
  responses: (mode: Mode) => ({ path: '/v1/responses', body: JSON.stringify({ model: 'bench', input: 'Say hello.', store: process.env.BENCH_STORE !== '0', ...(mode === 'stream' ? { stream: true } : {}) }) }),
}
const expected = { chat: { plain: 'Hello from the benchmark upstream.', stream: 'data: [DONE]' }, responses: { plain: 'Hello from the benchmark upstream.', stream: 'response.completed' } }

async function load(endpoint: Endpoint, mode: Mode, total: number): Promise<void> {
  const { path, body } = request[endpoint](mode)
  let sent = 0
  const client = async () => {
    while (sent < total) {
      sent++
      const res = await pool.request({ method: 'POST', path, headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body })
      const text = await res.body.text()
      if (res.statusCode !== 200 || !text.includes(expected[endpoint][mode])) throw new Error(`${endpoint} ${mode}: status ${res.statusCode}: ${text.slice(0, 300)}`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client))
}

/** The monotonic windows (µs) of the measured slices, per mode and endpoint: what a profile is cut to. */
const windows = { plain: { chat: [] as string[], responses: [] as string[] }, stream: { chat: [] as string[], responses: [] as string[] } }

async function measure(endpoint: Endpoint, mode: Mode, total: number): Promise<number> {
  const before = await cpuUsageOf(gatehouse.child)
  const from = process.hrtime.bigint() / 1000n
  await load(endpoint, mode, total)
  windows[mode][endpoint].push(`--window ${from}:${process.hrtime.bigint() / 1000n}`)
  return (await cpuUsageOf(gatehouse.child)) - before
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const rows = []
for (const mode of ['plain', 'stream'] as const) {
  for (const endpoint of ['chat', 'responses'] as const) await load(endpoint, mode, WARMUP)
  const spent = { chat: 0, responses: 0 }
  const sliceRatios: number[] = []
  for (let slice = 0; slice < SLICES; slice++) {
    const share = Math.floor(REQUESTS / SLICES) + (slice < REQUESTS % SLICES ? 1 : 0)
    const chatFirst = slice % 2 === 0
    const first = await measure(chatFirst ? 'chat' : 'responses', mode, share)
    const second = await measure(chatFirst ? 'responses' : 'chat', mode, share)
    const [chat, responses] = chatFirst ? [first, second] : [second, first]
    spent.chat += chat
    spent.responses += responses
    sliceRatios.push(responses / chat)
  }
  rows.push({
    mode,
    'chat µs/req': (spent.chat / REQUESTS).toFixed(0),
    'responses µs/req': (spent.responses / REQUESTS).toFixed(0),
    'responses/chat': `${(spent.responses / spent.chat).toFixed(2)}x`,
    'median slice': `${median(sliceRatios).toFixed(2)}x`,
    'over slices': `${Math.min(...sliceRatios).toFixed(2)}-${Math.max(...sliceRatios).toFixed(2)}x`,
    aim: `≤ ${AIM}x`,
  })
}

console.log(`/v1/responses vs /v1/chat/completions: Gatehouse CPU time (user + system) per request, ${REQUESTS} requests per cell at ${CONCURRENCY} concurrent clients, after ${WARMUP} warm-up requests`)
console.table(rows)

await pool.close()
const exited = new Promise((resolve) => gatehouse.child.once('exit', resolve))
gatehouse.child.kill('SIGTERM')
upstream.child.kill('SIGTERM')
await exited
rmSync(gatehouse.dir, { recursive: true, force: true })
if (profileDir) {
  console.log(`profile of Gatehouse in ${profileDir}; measured windows only, per mode and endpoint:`)
  for (const mode of ['plain', 'stream'] as const) {
    for (const endpoint of ['chat', 'responses'] as const) console.log(`  ${mode} ${endpoint}: node bench/support/top-functions.mjs ${profileDir}/<file>.cpuprofile --top 40 ${windows[mode][endpoint].join(' ')}`)
  }
}
