import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { DatedServerResponse, httpDate } from './dated-server-response'

describe('httpDate', () => {
  it('writes what toUTCString writes (RFC 9110 IMF-fixdate) to the second', () => {
    let seed = 11
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647)
    const years1000To9999 = Array.from({ length: 2_000 }, () => Math.floor(-30_610_224_000_000 + random() * (253_402_300_799_999 + 30_610_224_000_000)))
    const edges = [0, 999, Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(1969, 11, 31, 23, 59, 59), -30_610_224_000_000, 253_402_300_799_999, Date.UTC(999, 11, 31), Date.now()]
    for (const ms of [...edges, ...years1000To9999]) expect(httpDate(ms), String(ms)).toBe(new Date(Math.floor(ms / 1000) * 1000).toUTCString())
  })

  it('gives the same string within a second and a new one in the next', () => {
    const at = Date.UTC(2026, 10, 28, 20, 10, 0)
    expect(httpDate(at + 999)).toBe('Sat, 28 Nov 2026 20:10:00 GMT')
    expect(httpDate(at + 1_000)).toBe('Sat, 28 Nov 2026 20:10:01 GMT')
  })
})

describe('DatedServerResponse', () => {
  let app: FastifyInstance | undefined
  afterEach(async () => {
    await app?.close()
    app = undefined
  })

  async function serve(routes: (app: FastifyInstance) => void): Promise<number> {
    app = Fastify({ http: { ServerResponse: DatedServerResponse } })
    routes(app)
    await app.listen({ port: 0, host: '127.0.0.1' })
    return (app.server.address() as AddressInfo).port
  }

  /** The Date headers of a response as sent: `date` from DatedServerResponse, `Date` from Node's own. */
  const dateHeaders = (port: number, path: string) =>
    new Promise<string[]>((resolve, reject) => {
      request({ port, path, host: '127.0.0.1' }, (res) => {
        res.resume()
        const raw = res.rawHeaders
        resolve(raw.flatMap((name, i) => (i % 2 === 0 && name.toLowerCase() === 'date' ? [`${name}: ${raw[i + 1]}`] : [])))
      })
        .on('error', reject)
        .end()
    })

  it('sends one Date header, of this second, however the route answers', async () => {
    const shared = Object.freeze({ 'content-type': 'text/plain' })
    const port = await serve((app) => {
      app.get('/send', async () => ({ ok: true }))
      app.get('/raw', (_req, reply) => {
        reply.hijack()
        reply.raw.writeHead(200, shared)
        reply.raw.end('raw')
      })
      app.get('/implicit', (_req, reply) => {
        reply.hijack()
        reply.raw.setHeader('content-type', 'text/plain')
        reply.raw.end('implicit')
      })
      app.get('/reason', (_req, reply) => {
        reply.hijack()
        reply.raw.writeHead(202, 'Taken', { 'content-type': 'text/plain' })
        reply.raw.end()
      })
    })
    for (const path of ['/send', '/raw', '/implicit', '/reason', '/missing']) {
      const before = Date.now()
      const dates = await dateHeaders(port, path)
      expect(dates, path).toHaveLength(1)
      expect([`date: ${httpDate(before)}`, `date: ${httpDate()}`], path).toContain(dates[0])
    }
    expect(shared).toEqual({ 'content-type': 'text/plain' })
  })

  it('dates again a headers object a caller passes for every response', async () => {
    const reused: Record<string, string> = { 'content-type': 'text/plain' }
    const port = await serve((app) => {
      app.get('/reused', (_req, reply) => {
        reply.hijack()
        reply.raw.writeHead(200, reused)
        reply.raw.end('reused')
      })
    })
    for (const _ of [1, 2]) {
      const before = Date.now()
      const dates = await dateHeaders(port, '/reused')
      expect([[`date: ${httpDate(before)}`], [`date: ${httpDate()}`]]).toContainEqual(dates)
      reused.date = 'Thu, 01 Jan 1970 00:00:00 GMT' // as it would read once that second has passed
    }
  })

  it("leaves a route's own Date, in any case, and a response with sendDate off", async () => {
    const port = await serve((app) => {
      app.get('/own', async (_req, reply) => reply.header('Date', 'Thu, 01 Jan 1970 00:00:00 GMT').send('own'))
      app.get('/own-raw', (_req, reply) => {
        reply.hijack()
        reply.raw.writeHead(200, { DATE: 'Thu, 01 Jan 1970 00:00:00 GMT' })
        reply.raw.end()
      })
      app.get('/none', (_req, reply) => {
        reply.hijack()
        reply.raw.sendDate = false
        reply.raw.end('none')
      })
    })
    expect(await dateHeaders(port, '/own')).toEqual(['date: Thu, 01 Jan 1970 00:00:00 GMT'])
    expect(await dateHeaders(port, '/own-raw')).toEqual(['DATE: Thu, 01 Jan 1970 00:00:00 GMT'])
    expect(await dateHeaders(port, '/none')).toEqual([])
  })
})
