import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestGateway, TEAM_KEY, type TestGateway } from '../../../test/support/harness'

/**
 * Errors Node and Fastify answer before any route runs (headers too large, a path parameter too
 * long, a malformed URL) still carry the OpenAI error shape, so SDKs can read them.
 */
let gw: TestGateway
let port: number
beforeAll(async () => {
  gw = await startTestGateway()
  port = Number(new URL(await gw.app.listen({ host: '127.0.0.1', port: 0 })).port)
})
afterAll(async () => gw.close())

/** One raw HTTP/1.1 exchange: what the server wrote before it closed or answered. */
function rawExchange(head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    socket.on('data', (c) => {
      text += c.toString('utf8')
      const end = text.indexOf('\r\n\r\n')
      const length = /content-length: (\d+)/i.exec(text)
      if (end >= 0 && length && text.length >= end + 4 + Number(length[1])) socket.destroy()
    })
    socket.on('close', () => {
      const end = text.indexOf('\r\n\r\n')
      resolve({ status: Number(text.slice(9, 12)), headers: text.slice(0, end), body: text.slice(end + 4) })
    })
    socket.on('error', reject)
    socket.write(head)
  })
}

const openAiShape = (body: string) => {
  const parsed = JSON.parse(body) as { error: Record<string, unknown> }
  expect(Object.keys(parsed.error).sort()).toEqual(['code', 'message', 'param', 'type'])
  return parsed.error
}

describe('errors answered before routing', () => {
  it('431: headers larger than the server takes', async () => {
    const res = await rawExchange(`GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(res.status).toBe(431)
    expect(res.headers).toMatch(/content-type: application\/json/i)
    expect(openAiShape(res.body)).toMatchObject({ type: 'invalid_request_error', code: 'headers_too_large' })
  })

  it('414: a path parameter longer than any id', async () => {
    const res = await rawExchange(`GET /v1/files/${'a'.repeat(2000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEAM_KEY}\r\n\r\n`)
    expect(res.status).toBe(414)
    const error = openAiShape(res.body)
    expect(error).toMatchObject({ type: 'invalid_request_error', code: 'uri_too_long' })
    expect(String(error.message).length).toBeLessThan(400)
  })

  it('400: a path that is not a valid URL component', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/v1/files/%E0%A4%A', headers: { authorization: `Bearer ${TEAM_KEY}` } })
    expect(res.statusCode).toBe(400)
    expect(openAiShape(res.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_url' })
  })
})
