import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSecretRedactor } from '../../kernel/secret-redactor'
import { sendUpstream } from './post-json'
import { callUpstream } from './upstream-call'
import { createUpstreamConnections, type UpstreamConnection } from './upstream-connection'

/**
 * The dispatch handler every upstream request goes through, against a real loopback server: what undici's
 * request() with a Readable body used to guarantee must hold without them (order, backpressure, aborts,
 * the total deadline, the caps and the secret mask).
 */
const SECRET = 'sk-upstream-secret-0123456789'
let server: Server
let handle: (req: IncomingMessage, res: ServerResponse) => void
const closedEarly: string[] = []
const connections = createUpstreamConnections(createSecretRedactor())
let conn: UpstreamConnection
let slowConn: UpstreamConnection
let firstByteConn: UpstreamConnection

beforeAll(async () => {
  server = createServer((req, res) => {
    res.once('close', () => void (res.writableFinished || closedEarly.push(req.url ?? '')))
    req.resume()
    req.once('end', () => handle(req, res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = {
    type: 'openai',
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    apiKey: SECRET,
    headers: {},
    limits: { maxReplyBytes: 1 << 20, maxEventBytes: 1 << 16 },
    version: 1,
  }
  conn = connections.get({ ...base, id: 'up', timeouts: { connectMs: 5000, firstByteMs: 5000, totalMs: 60_000 } } as never, base.baseUrl)
  conn.redactor.add(SECRET)
  slowConn = connections.get({ ...base, id: 'slow', timeouts: { connectMs: 5000, firstByteMs: 5000, totalMs: 200 } } as never, base.baseUrl)
  firstByteConn = connections.get({ ...base, id: 'first-byte', timeouts: { connectMs: 5000, firstByteMs: 300, totalMs: 60_000 } } as never, base.baseUrl)
})
afterAll(async () => {
  await connections.closeAll()
  server.closeAllConnections()
  server.close()
})
afterEach(() => void (closedEarly.length = 0))

const post = (path: string, signal = new AbortController().signal, c = conn) => callUpstream(c, { path: `/v1${path}`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }, signal)

/** Writes `count` chunks of `size` bytes, each when the last one drained, then ends (unless the reader hung up). */
function pump(res: ServerResponse, count: number, size: number) {
  let sent = 0
  const next = () => {
    while (sent < count) {
      if (res.destroyed) return
      const chunk = Buffer.alloc(size, 48 + (sent % 10))
      sent++
      if (!res.write(chunk)) return void res.once('drain', next)
    }
    res.end()
  }
  next()
}

describe('callUpstream', () => {
  it('reads a reply bigger than what it lets wait, whole and in order, with a reader slower than the upstream', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      pump(res, 64, 8 * 1024)
    }
    const reply = await post('/big')
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toBe('application/octet-stream')
    const parts: Buffer[] = []
    for await (const chunk of reply.body) {
      parts.push(chunk)
      // A slow reader: the upstream's later chunks wait in the socket, not in the gateway's memory.
      await new Promise((resolve) => setImmediate(resolve))
    }
    const all = Buffer.concat(parts)
    expect(all.length).toBe(64 * 8 * 1024)
    for (let i = 0; i < 64; i++) expect(all[i * 8 * 1024]).toBe(48 + (i % 10))
  })

  it('masks a secret the upstream echoes, even split across chunks', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo': SECRET })
      res.write(`{"echo":"${SECRET.slice(0, 7)}`)
      setImmediate(() => res.end(`${SECRET.slice(7)}"}`))
    }
    const reply = await post('/echo')
    expect(await reply.body.text()).not.toContain(SECRET)
    expect(await post('/echo').then((r) => r.body.json())).toEqual({ echo: expect.stringMatching(/^\[redacted\**\]$/) })
  })

  it("a reader that stops early (break) aborts the upstream's reply", async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: first\n\n')
    }
    const reply = await post('/endless')
    for await (const chunk of reply.body) {
      expect(chunk.toString()).toBe('data: first\n\n')
      break
    }
    await vi.waitFor(() => expect(closedEarly).toEqual(['/v1/endless']))
  })

  it("the client's signal aborts it before the headers (with the signal's reason) and while the body is read", async () => {
    handle = () => {}
    const before = new AbortController()
    const waiting = post('/never', before.signal)
    before.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })

    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: first\n\n')
    }
    const during = new AbortController()
    const reply = await post('/halfway', during.signal)
    const reading = reply.body.text()
    during.abort()
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
    await vi.waitFor(() => expect(closedEarly).toContain('/v1/halfway'))
  })

  it('the total deadline turns a reply that never starts into a 504 naming the provider, and cuts one that never ends', async () => {
    handle = () => {}
    await expect(post('/silent', undefined, slowConn)).rejects.toMatchObject({ status: 504, code: 'upstream_timeout', message: expect.stringContaining('"slow"') })
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: first\n\n')
    }
    const reply = await post('/stalls', undefined, slowConn)
    await expect(reply.body.text()).rejects.toMatchObject({ name: 'TimeoutError' })
  })

  it('the first-byte deadline fires when it is due, not on a coarser tick: a reply not started after first_byte is a 504', async () => {
    let arrived!: () => void
    const atUpstream = new Promise<void>((resolve) => (arrived = resolve))
    handle = () => arrived()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let outcome: unknown = 'pending'
      void post('/no-first-byte', undefined, firstByteConn).then(
        () => (outcome = 'answered'),
        (err: unknown) => (outcome = err),
      )
      await atUpstream
      await vi.advanceTimersByTimeAsync(299)
      expect(outcome).toBe('pending')
      // undici's own headersTimeout of 300 ms would wait for its next half-second tick; this one is due now.
      await vi.advanceTimersByTimeAsync(1)
      // Settled now, within a turn of the event loop: not on undici's next tick, half a second of real time away.
      await new Promise((resolve) => setImmediate(resolve))
      expect(outcome).toMatchObject({ status: 504, code: 'upstream_timeout', message: expect.stringContaining('"first-byte" did not answer in time') })
    } finally {
      vi.useRealTimers()
    }
    await vi.waitFor(() => expect(closedEarly).toContain('/v1/no-first-byte'))
  })

  it('a reply that grows past max_reply fails with a 502 naming the limit, and its connection is closed', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      pump(res, 1 << 16, 1024)
    }
    const reply = await post('/grows')
    await expect(reply.body.buffer()).rejects.toMatchObject({ status: 502, code: 'upstream_reply_too_large', message: expect.stringContaining('providers[].limits.max_reply') })
    await vi.waitFor(() => expect(closedEarly).toContain('/v1/grows'))
  })

  it('a declared content-length past max_reply is refused before any byte is read', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 << 20) })
      res.write('{')
    }
    await expect(post('/huge')).rejects.toMatchObject({ status: 502, code: 'upstream_reply_too_large' })
    await vi.waitFor(() => expect(closedEarly).toContain('/v1/huge'))
  })
})

describe('sendUpstream', () => {
  it('masks a secret echoed in a reply header, and keeps the others as they came', async () => {
    handle = (_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'x-echo': `key ${SECRET}`, 'x-plain': 'nothing here' }).end('{}')
    const reply = await sendUpstream(conn, '/headers', '{}', {}, new AbortController().signal)
    expect(reply.headers['x-echo']).toMatch(/^key \[redacted\**\]$/)
    expect(reply.headers['x-plain']).toBe('nothing here')
    expect(await reply.body.json()).toEqual({})
  })
})
