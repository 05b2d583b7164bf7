import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invalidChatRequests } from '../../../shared/chat/fixtures/invalid-chat-requests'
import { startFakeOpenAi } from '../../../../test/support/fake-openai'
import { baseConfigData, bearer, startTestGateway, TEAM_KEY, type TestGateway } from '../../../../test/support/harness'

let gw: TestGateway
let upstream: Awaited<ReturnType<typeof startFakeOpenAi>>
beforeAll(async () => {
  upstream = await startFakeOpenAi()
  const data = baseConfigData()
  ;(data.providers as Array<{ id: string; base_url?: string }>)[0]!.base_url = `${upstream.url}/v1`
  gw = await startTestGateway({ configData: data })
})
afterAll(async () => {
  await gw.close()
  await upstream.close()
})

describe('POST /v1/chat/completions refuses every kind of invalid request over HTTP', () => {
  it('has at least 80 of them', () => expect(invalidChatRequests.length).toBeGreaterThanOrEqual(80))

  it.each(invalidChatRequests)('%s', async (_what, body, param, fragment) => {
    const payload = typeof body === 'object' && body !== null && !Array.isArray(body) && (body as { model?: unknown }).model === 'gpt-x' ? { ...body, model: 'gpt-echo' } : body
    const res = await gw.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { ...bearer(TEAM_KEY), 'content-type': 'application/json' }, payload: JSON.stringify(payload) })
    expect(res.statusCode).toBe(400)
    const error = res.json().error
    expect(error.type).toBe('invalid_request_error')
    expect(error.param).toBe(param)
    expect(error.message).toContain(fragment)
    expect(upstream.requests).toHaveLength(0)
  })
})

describe('JSON nested past 512 levels', () => {
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
  const post = (url: string, body: string, headers: Record<string, string>) => gw.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: body })

  it('answers 400 for chat tools[].function.parameters, before anything else runs', async () => {
    for (const levels of [600, 100_000]) {
      const body = `{"model": "gpt-echo", "messages": [{"role": "user", "content": "hi"}], "tools": [{"type": "function", "function": {"name": "f", "parameters": ${nested(levels)}}}]}`
      const res = await post('/v1/chat/completions', body, bearer(TEAM_KEY))
      expect(res.statusCode, `${levels} levels`).toBe(400)
      expect(res.json().error).toMatchObject({ type: 'invalid_request_error', code: 'json_too_deep' })
      expect(res.json().error.message).toMatch(/deeper than 512 levels/)
    }
    const fine = `{"model": "gpt-echo", "messages": [{"role": "user", "content": "hi"}], "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {"a": ${nested(100)}}}}}]}`
    expect((await post('/v1/chat/completions', fine, bearer(TEAM_KEY))).statusCode).toBe(200)
    expect(upstream.requests).toHaveLength(1)
  })

  it('answers 400 for /admin/conversations bodies', async () => {
    const admin = { authorization: 'Bearer test-admin-token-0123456789abcdef' }
    const conversation = await post('/admin/conversations', `{"title": "deep", "data": ${nested(100_000)}}`, admin)
    expect(conversation.statusCode).toBe(400)
    expect(conversation.json().error.code).toBe('json_too_deep')
  })
})
