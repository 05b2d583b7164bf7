import { join } from 'node:path'
import { Pool } from 'undici'
import { startBenchGateway } from './support/bench-gateway'
import { percentile, startProcess } from './support/processes'

/**
 * What the gateway adds to a chat completion: the same requests sent straight to a fake upstream and
 * through the gateway, in one run, at concurrency 1 and 32, plain and streamed (time to first byte).
 */
const KEY = 'bench-team-key-0123456789abcdef'
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000)

const upstream = await startProcess(process.execPath, [join(import.meta.dirname, 'support/fake-chat-upstream.mjs')], /listening (\d+)/)
const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`
const gateway = await startBenchGateway(upstreamUrl, KEY)
const gatewayUrl = gateway.url

const body = (stream: boolean) => JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'Say hello.' }], ...(stream ? { stream: true } : {}) })
const upstreamBody = (stream: boolean) => body(stream).replace('"bench"', '"bench-upstream"')

/** Latency of each request in ms: the whole reply, or until the first body byte for streams. */
async function measure(origin: string, path: string, payload: string, concurrency: number, total: number, firstByte: boolean): Promise<number[]> {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 })
  const latencies: number[] = []
  let next = 0
  const worker = async () => {
    while (next < total) {
      next++
      const t0 = performance.now()
      const res = await pool.request({ method: 'POST', path, headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body: payload })
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

const rows: string[][] = []
for (const stream of [false, true]) {
  for (const concurrency of [1, 32]) {
    await measure(upstreamUrl, '/v1/chat/completions', upstreamBody(stream), concurrency, 300, stream)
    await measure(gatewayUrl, '/v1/chat/completions', body(stream), concurrency, 300, stream)
    const direct = await measure(upstreamUrl, '/v1/chat/completions', upstreamBody(stream), concurrency, ROUNDS, stream)
    const through = await measure(gatewayUrl, '/v1/chat/completions', body(stream), concurrency, ROUNDS, stream)
    for (const p of [50, 99]) {
      const d = percentile(direct, p)
      const g = percentile(through, p)
      rows.push([stream ? 'stream (TTFB)' : 'plain', String(concurrency), `p${p}`, d.toFixed(3), g.toFixed(3), (g - d).toFixed(3), (g / d).toFixed(2)])
    }
  }
}
console.log(`chat completions: gateway vs direct to the same fake upstream, ${ROUNDS} requests per cell (ms)`)
console.table(rows.map(([mode, c, p, d, g, added, ratio]) => ({ mode, concurrency: c, percentile: p, direct_ms: d, gateway_ms: g, added_ms: added, ratio })))
gateway.child.kill('SIGTERM')
upstream.child.kill('SIGTERM')
