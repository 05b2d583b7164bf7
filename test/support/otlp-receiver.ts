import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A span as OTLP/HTTP JSON carries it, its attributes flattened to plain values. */
export interface ReceivedSpan {
  name: string
  kind: number
  attributes: Record<string, string | number | boolean>
  status: { code?: number }
  resource: Record<string, string | number | boolean>
}

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean }
type KeyValue = { key: string; value: AnyValue }
const plain = (v: AnyValue) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.doubleValue ?? v.boolValue ?? ''))
const flatten = (kvs: KeyValue[] = []) => Object.fromEntries(kvs.map((kv) => [kv.key, plain(kv.value)]))

/** A loopback OTLP/HTTP collector: keeps every body posted to /v1/traces, raw and as spans. */
export async function startOtlpReceiver() {
  const bodies: string[] = []
  const spans: ReceivedSpan[] = []
  const server = createServer(async (req, res) => {
    const parts: Buffer[] = []
    for await (const part of req) parts.push(part as Buffer)
    if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
      res.writeHead(404).end()
      return
    }
    const text = Buffer.concat(parts).toString('utf8')
    bodies.push(text)
    const body = JSON.parse(text) as { resourceSpans: Array<{ resource: { attributes: KeyValue[] }; scopeSpans: Array<{ spans: Array<{ name: string; kind: number; attributes: KeyValue[]; status: { code?: number } }> }> }> }
    for (const rs of body.resourceSpans) {
      for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ name: s.name, kind: s.kind, attributes: flatten(s.attributes), status: s.status, resource: flatten(rs.resource.attributes) })
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
