import { Readable, Writable } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../kernel/logging'
import { lazyRequestLogger, requestLogController } from './lazy-request-logger'

function capture() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({ write: (chunk, _e, cb) => (lines.push(JSON.parse(String(chunk))), cb()) })
  return { lines, stream }
}

describe('lazyRequestLogger', () => {
  it('writes what a request logs at an enabled level, with its request id, and nothing below it', async () => {
    const { lines, stream } = capture()
    const app = Fastify({ loggerInstance: createLogger({ level: 'warn', stream }), childLoggerFactory: lazyRequestLogger, genReqId: () => 'req_one' })
    app.get('/', async (req) => {
      req.log.info('not written')
      req.log.warn({ detail: 1 }, 'written')
      return 'ok'
    })
    await app.inject({ method: 'GET', url: '/' })
    await app.close()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 40, msg: 'written', reqId: 'req_one', detail: 1 })
  })

  it('keeps Fastify request logs at info', async () => {
    const { lines, stream } = capture()
    const logger = createLogger({ level: 'info', stream })
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger, logController: requestLogController(logger), genReqId: () => 'req_two' })
    app.get('/x', async () => 'ok')
    await app.inject({ method: 'GET', url: '/x?secret=1' })
    await app.close()
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed'])
    expect(lines.every((l) => l.reqId === 'req_two')).toBe(true)
    expect(JSON.stringify(lines)).not.toContain('secret')
  })

  it("above info, skips Fastify's request lines but keeps its warnings: a stream that broke after its headers", async () => {
    const { lines, stream } = capture()
    const logger = createLogger({ level: 'warn', stream })
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger, logController: requestLogController(logger), genReqId: () => 'req_three' })
    app.get('/fine', async () => 'ok')
    app.get('/broken', async (_req, reply) => {
      const body = new Readable({ read() {} })
      body.push('partial answer')
      setImmediate(() => body.destroy(new Error('upstream went away')))
      return reply.type('text/plain').send(body)
    })
    await app.inject({ method: 'GET', url: '/fine' })
    await app.inject({ method: 'GET', url: '/missing' })
    await app.inject({ method: 'GET', url: '/broken' }).catch(() => undefined)
    await app.close()
    expect(lines.map((l) => l.msg)).toEqual(['response terminated with an error with headers already sent'])
    expect(lines[0]).toMatchObject({ level: 40, reqId: 'req_three' })
  })
})
