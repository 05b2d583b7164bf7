import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  raw: Buffer
  json: Record<string, unknown>
}

/** What a fake does with one request; return nothing to let the default behaviour answer. */
export type Override = (req: RecordedRequest, res: ServerResponse) => boolean | Promise<boolean>

/**
 * A loopback HTTP server standing in for an upstream provider: it records every request's raw bytes,
 * answers with a default behaviour, and lets a test script failures or slow streams per request.
 */
export async function startFakeServer(defaultHandler: (req: RecordedRequest, res: ServerResponse) => void | Promise<void>) {
  const requests: RecordedRequest[] = []
  const overrides: Override[] = []
  const closedEarly: number[] = []
  const server = createServer(async (req, res) => {
    const parts: Buffer[] = []
    for await (const part of req) parts.push(part as Buffer)
    const raw = Buffer.concat(parts)
    let json: Record<string, unknown> = {}
    try {
      json = raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {}
    } catch {
      json = {}
    }
    const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, raw, json }
    requests.push(recorded)
    res.on('close', () => {
      if (!res.writableFinished) closedEarly.push(Date.now())
    })
    const override = overrides.shift()
    if (override && (await override(recorded, res))) return
    await defaultHandler(recorded, res)
  })
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Upstream responses the client side aborted before they ended, with the time each was seen. */
    closedEarly,
    /** Queues a one-shot behaviour for the next request. */
    next(override: Override) {
      overrides.push(override)
    },
    failNext(status: number, body: unknown = { error: { message: `scripted ${status}` } }, headers: Record<string, string> = {}) {
      overrides.push((_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
        return true
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeServer = Awaited<ReturnType<typeof startFakeServer>>

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export function writeSse(res: ServerResponse, events: Array<{ event?: string; data: unknown }>) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`)
  res.end()
}
