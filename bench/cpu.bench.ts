import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import getPort from 'get-port'
import { Pool } from 'undici'
import { startBenchGateway } from './support/bench-gateway'
import { cpuUsageOf, reportCpuUsage, startProcess } from './support/processes'

/**
 * Gateway CPU time per proxied chat completion: user + system time of the server process over N
 * requests at 16 concurrent clients, plain and streamed, through Gatehouse and through a bare
 * node:http + undici proxy doing the same forward, both to one fake upstream, in one run. Each server
 * is warmed up first (so tsx's transpiling and V8's JIT stay out) and read only over its measured
 * windows, which alternate between the two proxies so background load on the machine falls on both.
 * Each server reports its own process.cpuUsage() over IPC (cpu-usage-reporter.mjs): the whole process,
 * all threads, to the microsecond (/proc's 10 ms ticks would be several percent of the bare proxy's total)
 * and on any OS. The load generator is this process, which is not measured.
 * BENCH_CPU_REQUESTS (default 10000) per cell, BENCH_CPU_WARMUP (default 5000) per server and mode;
 * BENCH_CPU_PROFILE=1 runs Gatehouse under --cpu-prof (the figures then include the profiler's cost).
 * BENCH_CPU_PROMPT_KB (default 0: one short question) sends a conversation of about that many kilobytes instead, as a
 * coding agent's turns do (its file reads and tool results resent on every request).
 */
const KEY = 'bench-cpu-team-key-0123456789abcdef'
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 10000)
const WARMUP = Number(process.env.BENCH_CPU_WARMUP ?? 5000)
const CONCURRENCY = 16
const SLICES = 5
const TARGETS = { plain: 2, stream: 2 }
const PROFILE = process.env.BENCH_CPU_PROFILE === '1'
const PROMPT_KB = Number(process.env.BENCH_CPU_PROMPT_KB ?? 0)
if (!(REQUESTS >= SLICES) || !(WARMUP >= 0) || !(PROMPT_KB >= 0)) throw new Error(`BENCH_CPU_REQUESTS must be at least ${SLICES}, BENCH_CPU_WARMUP and BENCH_CPU_PROMPT_KB at least 0`)

const profileDir = PROFILE ? mkdtempSync(join(tmpdir(), 'gh-cpu-profile-')) : undefined

const upstream = await startProcess(process.execPath, [...reportCpuUsage, join(import.meta.dirname, 'support/fake-chat-upstream.mjs')], /listening (\d+)/, { ipc: true })
const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`
const bare = await startProcess(process.execPath, [...reportCpuUsage, join(import.meta.dirname, 'support/bare-proxy.mjs'), upstreamUrl, 'bench-upstream'], /listening (\d+)/, { ipc: true })
const profileFlags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
const gatehouse = await startBenchGateway(upstreamUrl, KEY, { nodeFlags: [...profileFlags, ...reportCpuUsage], ipc: true })
// The peer: Portkey's open-source gateway (Node build), forwarding to the same upstream as a custom host.
const portkeyPort = await getPort()
const portkey = await startProcess(process.execPath, [...reportCpuUsage, join(import.meta.dirname, '../node_modules/@portkey-ai/gateway/build/start-server.js'), `--port=${portkeyPort}`, '--headless'], /Ready for connections/, {
  ipc: true,
  env: { ...process.env, NODE_ENV: 'production' },
})

const targets = {
  bare: { child: bare.child, pool: new Pool(`http://127.0.0.1:${bare.match[1]}`, { connections: CONCURRENCY }), headers: {} },
  gatehouse: { child: gatehouse.child, pool: new Pool(gatehouse.url, { connections: CONCURRENCY }), headers: {} },
  portkey: {
    child: portkey.child,
    pool: new Pool(`http://127.0.0.1:${portkeyPort}`, { connections: CONCURRENCY }),
    headers: { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${upstreamUrl}/v1` },
  },
}
type Target = keyof typeof targets
type Mode = keyof typeof TARGETS

/** About `kb` kilobytes of conversation: a source file read, then turns about it, ending with the user's question. */
function conversation(kb: number) {
  const line = '    const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0) // "quoted" \\ tab\there\n'
  const file = line.repeat(Math.max(1, Math.round((kb * 1024) / line.length / 2)))
  return [
    { role: 'system', content: 'You are a coding assistant. Answer briefly.' },
    { role: 'user', content: `Here is cart.ts:\n${file}` },
    { role: 'assistant', content: 'I have read cart.ts. What should I change?' },
    { role: 'user', content: `Same file after my edit:\n${file}\nWhy does the total come out wrong?` },
  ]
}
const messages = PROMPT_KB > 0 ? conversation(PROMPT_KB) : [{ role: 'user', content: 'Say hello.' }]
const payload = (mode: Mode, target: Target) => JSON.stringify({ model: target === 'portkey' ? 'bench-upstream' : 'bench', messages, ...(mode === 'stream' ? { stream: true } : {}) })
const expected = { plain: 'Hello from the benchmark upstream.', stream: 'data: [DONE]' }

/** Sends `total` requests over `CONCURRENCY` keep-alive connections, reading each reply to its end. */
async function load(target: Target, mode: Mode, total: number): Promise<void> {
  const body = payload(mode, target)
  let sent = 0
  const client = async () => {
    while (sent < total) {
      sent++
      const res = await targets[target].pool.request({ method: 'POST', path: '/v1/chat/completions', headers: { 'content-type': 'application/json', authorization: `Bearer ${target === 'portkey' ? 'sk-bench' : KEY}`, ...targets[target].headers }, body })
      const text = await res.body.text()
      if (res.statusCode !== 200 || !text.includes(expected[mode])) throw new Error(`${target} ${mode}: status ${res.statusCode}: ${text.slice(0, 300)}`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client))
}

/** CPU microseconds the proxy and the upstream spent on `total` requests, and the monotonic window (µs). */
async function measure(target: Target, mode: Mode, total: number) {
  const proxy = targets[target].child
  const [proxy0, upstream0] = await Promise.all([cpuUsageOf(proxy), cpuUsageOf(upstream.child)])
  const from = process.hrtime.bigint() / 1000n
  await load(target, mode, total)
  const to = process.hrtime.bigint() / 1000n
  const [proxy1, upstream1] = await Promise.all([cpuUsageOf(proxy), cpuUsageOf(upstream.child)])
  return { proxy: proxy1 - proxy0, upstream: upstream1 - upstream0, from, to }
}

const rows = []
const windows = { plain: [] as string[], stream: [] as string[] }
const peerNotes: string[] = []
for (const mode of ['plain', 'stream'] as const) {
  for (const target of ['bare', 'gatehouse'] as const) await load(target, mode, WARMUP)
  // The peer is measured where it works; Portkey's stream fails on some Node versions (a TypeError on immutable headers).
  const peer = await load('portkey', mode, Math.min(WARMUP, 1000)).then(
    () => true,
    (err: Error) => (peerNotes.push(`Portkey ${mode}: not measured, it failed: ${err.message.slice(0, 160)}`), false),
  )
  let peerSpent = 0
  const spent = { bare: { proxy: 0, upstream: 0 }, gatehouse: { proxy: 0, upstream: 0 } }
  const sliceRatios: number[] = []
  for (let slice = 0; slice < SLICES; slice++) {
    const share = Math.floor(REQUESTS / SLICES) + (slice < REQUESTS % SLICES ? 1 : 0)
    const bareSlice = await measure('bare', mode, share)
    const gatehouseSlice = await measure('gatehouse', mode, share)
    for (const [target, m] of [['bare', bareSlice], ['gatehouse', gatehouseSlice]] as const) {
      spent[target].proxy += m.proxy
      spent[target].upstream += m.upstream
    }
    if (peer) peerSpent += (await measure('portkey', mode, share)).proxy
    sliceRatios.push(gatehouseSlice.proxy / bareSlice.proxy)
    windows[mode].push(`--window ${gatehouseSlice.from}:${gatehouseSlice.to}`)
  }
  const perRequest = (us: number) => us / REQUESTS
  const ratio = spent.gatehouse.proxy / spent.bare.proxy
  rows.push({
    mode,
    'bare µs/req': perRequest(spent.bare.proxy).toFixed(0),
    'Gatehouse µs/req': perRequest(spent.gatehouse.proxy).toFixed(0),
    'upstream µs/req (bare | Gatehouse run)': `${perRequest(spent.bare.upstream).toFixed(0)} | ${perRequest(spent.gatehouse.upstream).toFixed(0)}`,
    'Gatehouse/bare': `${ratio.toFixed(2)}x`,
    'Portkey µs/req (Portkey/bare)': peer ? `${perRequest(peerSpent).toFixed(0)} (${(peerSpent / spent.bare.proxy).toFixed(2)}x)` : 'failed',
    'over slices': `${Math.min(...sliceRatios).toFixed(2)}-${Math.max(...sliceRatios).toFixed(2)}x`,
    target: `≤ ${TARGETS[mode]}x`,
  })
}

console.log(`chat completions: server CPU time (user + system) per request, ${REQUESTS} requests per cell at ${CONCURRENCY} concurrent clients, after ${WARMUP} warm-up requests; ${PROMPT_KB > 0 ? `a conversation of ${(payload('plain', 'gatehouse').length / 1024).toFixed(0)} kB` : 'a one-line prompt'}`)
if (PROFILE) console.log('(Gatehouse ran under --cpu-prof: its figures include the profiler)')
console.table(rows)
for (const note of peerNotes) console.log(note)
console.log(`over slices: the lowest and highest ratio of the ${SLICES} alternating windows, i.e. the noise of this run`)
console.log('upstream: the fake upstream in the same windows, a sanity check; it costs a little more per request behind the slower proxy, waking for each request instead of batching them')

for (const { pool } of Object.values(targets)) await pool.close()
const gatehouseExit = new Promise((resolve) => gatehouse.child.once('exit', resolve))
gatehouse.child.kill('SIGTERM')
bare.child.kill('SIGTERM')
portkey.child.kill('SIGTERM')
upstream.child.kill('SIGTERM')
await gatehouseExit
rmSync(gatehouse.dir, { recursive: true, force: true })
if (profileDir) {
  // Node names profiles CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile; thread 0 is the main thread.
  const main = readdirSync(profileDir).find((f) => f.includes(`.${gatehouse.child.pid}.0.`))
  if (!main) throw new Error(`no main-thread profile of pid ${gatehouse.child.pid} in ${profileDir}`)
  const file = join(profileDir, main)
  console.log(`\nGatehouse CPU profile: ${file}\nWhole run (start-up and warm-up included):\n  node bench/support/top-functions.mjs ${file}`)
  console.log(`Measured windows only (add --by package to group by library):`)
  for (const mode of ['plain', 'stream'] as const) console.log(`  ${mode}: node bench/support/top-functions.mjs ${file} ${windows[mode].join(' ')}`)
}
