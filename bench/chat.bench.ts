import { rmSync } from 'node:fs'
import { join } from 'node:path'
import getPort from 'get-port'
import { Pool } from 'undici'
import { startBenchGateway } from './support/bench-gateway'
import { percentile, startProcess } from './support/processes'

/**
 * What the gateway adds to a chat completion: the same requests sent straight to a fake upstream and
 * through the gateway, in one run, at concurrency 1 and 32, plain and streamed (time to first byte).
 * Beside it, what a bare node:http + undici proxy doing the same forward adds (support/bare-proxy.mjs, the
 * cpu bench's baseline): the part of the added time any Node proxy pays on this machine, which at 32 clients
 * on 2 cores moves with the machine's speed as much as with the proxy's own work.
 * Each target first takes BENCH_CHAT_WARMUP requests per cell (default 5000, as the cpu bench): V8 optimizes a
 * function only after it has run many times, and a request through the gateway runs far more of its own
 * functions once each than one through the bare proxy, so a fresh gateway takes thousands of requests to reach
 * its steady speed. The first cell's warm-up is reported on its own: what a freshly started process adds.
 */
const KEY = 'bench-team-key-0123456789abcdef'
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000)
const WARMUP = Number(process.env.BENCH_CHAT_WARMUP ?? 5000)
if (!(ROUNDS >= 1) || !(WARMUP >= 1)) throw new Error('BENCH_ROUNDS and BENCH_CHAT_WARMUP must be at least 1')

const upstream = await startProcess(process.execPath, [join(import.meta.dirname, 'support/fake-chat-upstream.mjs')], /listening (\d+)/)
const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`
const gateway = await startBenchGateway(upstreamUrl, KEY)
const gatewayUrl = gateway.url
const bare = await startProcess(process.execPath, [join(import.meta.dirname, 'support/bare-proxy.mjs'), upstreamUrl, 'bench-upstream'], /listening (\d+)/)
const bareUrl = `http://127.0.0.1:${bare.match[1]}`
// The peer: Portkey's open-source gateway, forwarding to the same upstream as a custom host.
const portkeyPort = await getPort()
const portkey = await startProcess(process.execPath, [join(import.meta.dirname, '../node_modules/@portkey-ai/gateway/build/start-server.js'), `--port=${portkeyPort}`, '--headless'], /Ready for connections/, {
  env: { ...process.env, NODE_ENV: 'production' },
})
const portkeyUrl = `http://127.0.0.1:${portkeyPort}`
const portkeyHeaders = { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${upstreamUrl}/v1` }

const body = (stream: boolean) => JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'Say hello.' }], ...(stream ? { stream: true } : {}) })
const upstreamBody = (stream: boolean) => body(stream).replace('"bench"', '"bench-upstream"')

/** Latency of each request in ms: the whole reply, or until the first body byte for streams. */
async function measure(origin: string, path: string, payload: string, concurrency: number, total: number, firstByte: boolean, extraHeaders: Record<string, string> = {}): Promise<number[]> {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 })
  const latencies: number[] = []
  let next = 0
  const worker = async () => {
    while (next < total) {
      next++
      const t0 = performance.now()
      const res = await pool.request({ method: 'POST', path, headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}`, ...extraHeaders }, body: payload })
      if (firstByte) {
        for await (const _ of res.body) {
          latencies.push(performance.now() - t0)
          break
        }
        await res.body.dump()
      } else {
        await res.body.text()
        latencies.push(performance.now() - t0)
      }
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  await pool.close()
  return latencies.sort((a, b) => a - b)
}

/** Portkey's streamed answers fail on some Node versions (a TypeError on immutable headers): then it is left out. */
const viaPortkey = (stream: boolean, concurrency: number, total: number) =>
  measure(portkeyUrl, '/v1/chat/completions', upstreamBody(stream), concurrency, total, stream, portkeyHeaders).catch((err: Error) => (notes.add(`Portkey ${stream ? 'stream' : 'plain'}: not measured (${err.message})`), null))
const notes = new Set<string>()
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
const p50 = (xs: number[]) => percentile(xs, 50)
const rows: Array<Record<string, string>> = []
let fresh = { gateway: '', bare: '' }
for (const stream of [false, true]) {
  for (const concurrency of [1, 32]) {
    const warmDirect = await measure(upstreamUrl, '/v1/chat/completions', upstreamBody(stream), concurrency, WARMUP, stream)
    const warmGateway = await measure(gatewayUrl, '/v1/chat/completions', body(stream), concurrency, WARMUP, stream)
    const warmBare = await measure(bareUrl, '/v1/chat/completions', body(stream), concurrency, WARMUP, stream)
    await viaPortkey(stream, concurrency, WARMUP)
    if (!stream && concurrency === 1) fresh = { gateway: (p50(warmGateway) - p50(warmDirect)).toFixed(3), bare: (p50(warmBare) - p50(warmDirect)).toFixed(3) }
    const direct = await measure(upstreamUrl, '/v1/chat/completions', upstreamBody(stream), concurrency, ROUNDS, stream)
    const through = await measure(gatewayUrl, '/v1/chat/completions', body(stream), concurrency, ROUNDS, stream)
    const viaBare = await measure(bareUrl, '/v1/chat/completions', body(stream), concurrency, ROUNDS, stream)
    const peer = await viaPortkey(stream, concurrency, ROUNDS)
    const stats: Array<[string, (xs: number[]) => number]> = [['p50', p50], ['mean', mean], ['p99', (xs) => percentile(xs, 99)]]
    for (const [stat, f] of stats) {
      const d = f(direct)
      const g = f(through)
      rows.push({ mode: stream ? 'stream (TTFB)' : 'plain', concurrency: String(concurrency), stat, direct_ms: d.toFixed(3), gateway_ms: g.toFixed(3), added_ms: (g - d).toFixed(3), bare_added_ms: (f(viaBare) - d).toFixed(3), portkey_added_ms: peer ? (f(peer) - d).toFixed(3) : 'failed' })
    }
  }
}
console.log(`chat completions: Gatehouse, a bare Node proxy and Portkey vs direct to the same fake upstream, ${ROUNDS} requests per cell (ms)`)
console.table(rows)
console.log('aims: added p50 at most 1 ms at 1 client, added mean at most 5 ms at 32 clients')
console.log(`after ${WARMUP} warm-up requests per cell; in the fresh processes' first ${WARMUP} (1 client, plain) the added p50 was ${fresh.gateway} ms through the gateway, ${fresh.bare} through the bare proxy`)
for (const note of notes) console.log(note)
portkey.child.kill('SIGTERM')
bare.child.kill('SIGTERM')
const gatewayExit = new Promise((resolve) => gateway.child.once('exit', resolve))
gateway.child.kill('SIGTERM')
upstream.child.kill('SIGTERM')
await gatewayExit
rmSync(gateway.dir, { recursive: true, force: true })
