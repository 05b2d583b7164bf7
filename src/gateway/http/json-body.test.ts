import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestGateway, TEAM_KEY, type TestGateway } from '../../../test/support/harness'

/**
 * The JSON body parser of every route (json-body.ts): prototype-poisoning keys are refused however they are
 * written, and text that only looks like them is read as the JSON it is.
 */
let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => gw.close())

const post = (payload: string) =>
  gw.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' }, payload })

const errorOf = (body: string) => (JSON.parse(body) as { error: { type: string; code: string | null; param: string | null; message: string } }).error

describe('JSON request bodies', () => {
  it.each([
    ['a __proto__ key', '{"model":"m","messages":[],"__proto__":{"admin":true}}'],
    ['a __proto__ key written with escapes', '{"model":"m","messages":[],"\\u005f_proto__":{"admin":true}}'],
    ['a nested __proto__ key with space before its colon', '{"model":"m","messages":[{"role":"user","content":"hi","__proto__" :{}}]}'],
    ['a constructor.prototype', '{"model":"m","messages":[],"constructor":{"prototype":{"admin":true}}}'],
    ['a constructor.prototype written with escapes', '{"model":"m","messages":[],"\\u0063onstructor":{"prototype":{}}}'],
  ])('refuses %s with a 400 in the OpenAI shape', async (_name, payload) => {
    const res = await post(payload)
    expect(res.statusCode).toBe(400)
    expect(errorOf(res.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_json' })
  })

  it('reads text that only mentions those words, escapes and a byte-order mark as the JSON they are', async () => {
    for (const payload of ['{"messages":"__proto__ constructor"}', '{"messages":"caf\\u00e9"}', '\uFEFF{"messages":"x"}']) {
      const res = await post(payload)
      // Parsed: the route's own validation answers, naming the field that is wrong.
      expect(res.statusCode).toBe(400)
      expect(errorOf(res.body).param).toBe('model')
    }
  })

  it('answers text that is not JSON with a 400 saying so', async () => {
    const res = await post('{"model": "m", "messages": [')
    expect(res.statusCode).toBe(400)
    expect(errorOf(res.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_json', message: expect.stringContaining('not valid JSON') })
  })
})
