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
