// The floor a Node HTTP-to-HTTP proxy costs, for bench/cpu.bench.ts: the same forward Gatehouse does for a
// chat completion (read the JSON body, swap the model name, POST upstream over a keep-alive undici pool,
// relay the JSON reply or pipe the SSE stream) with no auth, no database, no accounting.
// Usage: node bare-proxy.mjs <upstream origin> <upstream model>
import { createServer } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { Pool } from 'undici'

const [origin, upstreamModel] = process.argv.slice(2)
if (!origin || !upstreamModel) {
  process.stderr.write('usage: node bare-proxy.mjs <upstream origin> <upstream model>\n')
  process.exit(2)
}
const pool = new Pool(origin, { connections: 256, keepAliveTimeout: 30_000 })

async function forward(req, res) {
  const parts = []
  for await (const part of req) parts.push(part)
  const body = JSON.parse(Buffer.concat(parts).toString('utf8'))
  body.model = upstreamModel
  const upstream = await pool.request({
    method: 'POST',
    path: '/v1/chat/completions',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: JSON.stringify(body),
  })
  res.writeHead(upstream.statusCode, { 'content-type': upstream.headers['content-type'] ?? 'application/json' })
  if (body.stream === true) await pipeline(upstream.body, res)
  else res.end(await upstream.body.text())
}

const server = createServer((req, res) => {
  forward(req, res).catch((err) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { message: `bare proxy: ${err.message}` } }))
  })
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`))
process.once('SIGTERM', () => {
  server.close()
  void pool.close()
  server.closeAllConnections()
})
