import Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeAnthropic } from '../../../../test/support/fake-anthropic'
import type { FakeServer } from '../../../../test/support/fake-upstream'
import { baseConfigData, startTestGateway, TEAM_KEY, type TestGateway } from '../../../../test/support/harness'

/**
 * Deployments behind the `/v1/messages` passthrough (issue 27): an Anthropic deployment that is
 * overloaded (529) rests and the other answers byte for byte; when the last deployment left answers
 * 429, its answer is relayed as Anthropic sent it (retry-after included) and it rests too.
 */
let gw: TestGateway
let one: FakeServer
let two: FakeServer
let client: Anthropic

beforeAll(async () => {
  ;[one, two] = await Promise.all([startFakeAnthropic(), startFakeAnthropic()])
  gw = await startTestGateway({
    configData: baseConfigData({
      providers: [
        { id: 'ant-one', type: 'anthropic', base_url: one.url, api_key: 'sk-ant-one-0123456789' },
        { id: 'ant-two', type: 'anthropic', base_url: two.url, api_key: 'sk-ant-two-0123456789' },
      ],
      models: [{ name: 'claude-lb', provider: 'ant-one', upstream: 'claude-haiku-4-5', deployments: [{ provider: 'ant-one', upstream: 'claude-haiku-4-5' }, { provider: 'ant-two', upstream: 'claude-haiku-4-5-b' }] }],
      teams: [{ name: 'alpha', keys: [TEAM_KEY] }],
      users: [],
    }),
  })
  client = new Anthropic({ baseURL: await gw.app.listen({ host: '127.0.0.1', port: 0 }), apiKey: TEAM_KEY, maxRetries: 0 })
})
afterAll(async () => {
  await gw?.close()
  await Promise.all([one?.close(), two?.close()])
})

const ask = () => client.messages.create({ model: 'claude-lb', max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] }).withResponse()

describe('deployments behind the Messages passthrough', () => {
  it('rests an overloaded deployment and answers from the other, naming it', async () => {
    one.failNext(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })
    const { data, response } = await ask()
    expect(data.content[0]).toMatchObject({ type: 'text' })
    expect(response.headers.get('x-svc-model-id')).toMatch(/@ant-two\/claude-haiku-4-5-b$/)
    expect(two.requests.at(-1)!.json.model).toBe('claude-haiku-4-5-b')
    const seen = one.requests.length
    await ask()
    await ask()
    expect(one.requests.length).toBe(seen)
  })

  it("relays the last deployment's 429 as Anthropic sent it", async () => {
    two.failNext(429, { type: 'error', error: { type: 'rate_limit_error', message: 'Slow down' } }, { 'retry-after': '7' })
    const err = await ask().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(Anthropic.RateLimitError)
    expect((err as InstanceType<typeof Anthropic.RateLimitError>).headers.get('retry-after')).toBe('7')
    expect((err as InstanceType<typeof Anthropic.RateLimitError>).message).toContain('Slow down')
  })
})
