import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { admin, startTestGateway, TEAM_KEY, type TestGateway } from '../../../../test/support/harness'
import { hashKey } from '../keys/key-material'

let h: ChatHarness
let keyId: string
beforeAll(async () => {
  h = await startChatHarness()
  keyId = h.gw.store.keys.getByHash(hashKey(TEAM_KEY))!.id
})
afterAll(async () => h.close())

const setKeyLimits = async (body: Record<string, unknown>) => {
  const res = await h.gw.app.inject({ method: 'PATCH', url: `/admin/keys/${keyId}`, headers: admin, payload: body })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const ask = (content: string, max_tokens?: number) => h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content }], max_tokens }).withResponse()

describe('requests per minute', () => {
  it('answers the 30th request in a minute on a key limited to 29 with 429 and retry-after; the headers count down', async () => {
    expect(await setKeyLimits({ rpm_limit: 29 })).toMatchObject({ rpm_limit: 29, tpm_limit: null, budget: null })
    h.gw.clock.set(Date.UTC(2026, 10, 22, 12, 0, 15))
    const remaining: number[] = []
    for (let i = 0; i < 29; i++) {
      const { response } = await ask(`hello ${i}`)
      expect(response.headers.get('x-ratelimit-limit-requests')).toBe('29')
      expect(response.headers.get('x-ratelimit-reset-requests')).toBe('45s')
      remaining.push(Number(response.headers.get('x-ratelimit-remaining-requests')))
    }
    expect(remaining).toEqual(Array.from({ length: 29 }, (_, i) => 28 - i))
    const before = h.openai.requests.length
    const err = await ask('one too many').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(OpenAI.RateLimitError)
    const e = err as InstanceType<typeof OpenAI.RateLimitError>
    expect(e.status).toBe(429)
    expect(e.code).toBe('rate_limit_exceeded')
    expect(e.message).toMatch(/requests per minute on key .*limit 29 \(rpm_limit\)/)
    expect(e.headers.get('retry-after')).toBe('45')
    expect(e.headers.get('x-ratelimit-remaining-requests')).toBe('0')
    expect(h.openai.requests.length).toBe(before)

    h.gw.clock.advance(45_000)
    const { response } = await ask('a new minute')
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('28')
    expect(response.headers.get('x-ratelimit-reset-requests')).toBe('1m0s')
  })

  it('puts the headers on streams and on the Messages API too', async () => {
    h.gw.clock.advance(60_000)
    const stream = await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'stream' }], stream: true }).withResponse()
    for await (const _ of stream.data) void _
    expect(stream.response.headers.get('x-ratelimit-remaining-requests')).toBe('28')
    const msg = await h.anthropicClient.messages.create({ model: 'claude-echo', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }).withResponse()
    expect(msg.response.headers.get('x-ratelimit-remaining-requests')).toBe('27')
  })
})

describe('a request the company balance refuses', () => {
  it('is not counted against the rate limits: it never ran', async () => {
    await setKeyLimits({ rpm_limit: 5 })
    h.gw.clock.advance(60_000)
    const balance = (await h.gw.app.inject({ url: '/admin/credits', headers: admin })).json().balance as number
    const credits = (add: number) => h.gw.app.inject({ method: 'POST', url: '/admin/credits', headers: admin, payload: { add, allow_negative: true } })
    await credits(-balance)
    const err = (await ask('no credits').catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>
    expect(err.status).toBe(402)
    await credits(balance)
    const { response } = await ask('credits again')
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('4')
    await setKeyLimits({ rpm_limit: null })
  })
})

describe('tokens per minute', () => {
  it('refuses up front a request whose max_tokens would pass the tokens left, and counts real usage at settle', async () => {
    await setKeyLimits({ rpm_limit: null, tpm_limit: 1000 })
    h.gw.clock.advance(60_000)
    const before = h.openai.requests.length
    const err = (await ask('too long an answer', 2000).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.RateLimitError>
    expect(err.status).toBe(429)
    expect(err.message).toMatch(/tokens per minute on key .*limit 1000 \(tpm_limit\).*lower max_tokens/)
    expect(Number(err.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(h.openai.requests.length).toBe(before)

    const first = await ask('short', 100)
    expect(first.response.headers.get('x-ratelimit-limit-tokens')).toBe('1000')
    expect(first.response.headers.get('x-ratelimit-limit-requests')).toBeNull()
    const left = Number(first.response.headers.get('x-ratelimit-remaining-tokens'))
    // The first request's estimate (input + max_tokens) was replaced by its real usage when it settled.
    const second = await ask('short', 100)
    expect(Number(second.response.headers.get('x-ratelimit-remaining-tokens'))).toBe(left - first.data.usage!.total_tokens)
    await setKeyLimits({ tpm_limit: null })
  })
})

describe('limits per model within a team and per user', () => {
  it('names the limit that refused: a model of the team', async () => {
    const res = await h.gw.app.inject({ method: 'POST', url: '/admin/teams', headers: admin, payload: { name: 'gamma', models: ['gpt-echo'], model_limits: { 'gpt-echo': { rpm_limit: 1 } } } })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().model_limits).toEqual({ 'gpt-echo': { rpm_limit: 1, tpm_limit: null } })
    const issued = await h.gw.app.inject({ method: 'POST', url: '/admin/keys', headers: admin, payload: { team_id: res.json().id } })
    const client = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: issued.json().key, maxRetries: 0 })
    h.gw.clock.advance(60_000)
    await client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'one' }] })
    const err = (await client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'two' }] }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.RateLimitError>
    expect(err.status).toBe(429)
    expect(err.message).toMatch(/model "gpt-echo" in team "gamma": limit 1 \(rpm_limit\)/)
  })

  it('refuses a limit that is not a whole number above 0, naming the field', async () => {
    const res = await h.gw.app.inject({ method: 'PATCH', url: `/admin/keys/${keyId}`, headers: admin, payload: { rpm_limit: 0 } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.param).toMatch(/rpm_limit/)
    const period = await h.gw.app.inject({ method: 'PATCH', url: `/admin/keys/${keyId}`, headers: admin, payload: { budget: { credits: 1, period: 'weekly' } } })
    expect(period.statusCode).toBe(400)
    expect(period.json().error).toMatchObject({ param: 'budget.period' })
    expect(period.json().error.message).toMatch(/"1d", "7d", "30d", "month"/)
  })
})

describe('instances sharing a store', () => {
  let a: TestGateway
  let b: TestGateway
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('holds a per-key limit of 20 per minute for 40 requests spread over two instances (counted in the store)', async () => {
    a = await startTestGateway({ sharedStore: true })
    b = await startTestGateway({ sharedStore: true, dataDir: a.dataDir, clock: a.clock })
    const id = a.store.keys.getByHash(hashKey(TEAM_KEY))!.id
    expect((await a.app.inject({ method: 'PATCH', url: `/admin/keys/${id}`, headers: admin, payload: { rpm_limit: 20 } })).statusCode).toBe(200)
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      const gw = i % 2 ? b : a
      // This gateway's upstream cannot be reached (502): what counts is which requests admission refused.
      const res = await gw.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization: `Bearer ${TEAM_KEY}` }, payload: { model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }] } })
      statuses.push(res.statusCode)
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true)
  })
})
