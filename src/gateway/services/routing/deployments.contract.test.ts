import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOpenAi } from '../../../../test/support/fake-openai'
import type { FakeServer } from '../../../../test/support/fake-upstream'
import { admin, baseConfigData, settledUsageRow, startTestGateway, TEAM_KEY, type TestGateway } from '../../../../test/support/harness'

/**
 * One model name over two deployments on two upstreams (issue 27): requests alternate by weight, a
 * deployment answering 429 rests for its `retry-after` while the other takes all traffic, and comes
 * back when the (injected) clock passes it; when every deployment fails, the team's fallbacks answer.
 */
let gw: TestGateway
let east: FakeServer
let west: FakeServer
let spare: FakeServer
let client: OpenAI

beforeAll(async () => {
  ;[east, west, spare] = await Promise.all([startFakeOpenAi(), startFakeOpenAi(), startFakeOpenAi()])
  gw = await startTestGateway({
    configData: baseConfigData({
      providers: [
        { id: 'east', type: 'openai', base_url: `${east.url}/v1`, api_key: 'sk-east-0123456789' },
        { id: 'west', type: 'openai', base_url: `${west.url}/v1`, api_key: 'sk-west-0123456789' },
        { id: 'spare', type: 'openai', base_url: `${spare.url}/v1`, api_key: 'sk-spare-0123456789' },
      ],
      models: [
        { name: 'gpt-lb', provider: 'east', upstream: 'gpt-4o-mini', deployments: [{ provider: 'east', upstream: 'gpt-east' }, { provider: 'west', upstream: 'gpt-west' }], cooldown: '30s' },
        { name: 'gpt-spare', provider: 'spare', upstream: 'gpt-spare' },
      ],
      teams: [{ name: 'alpha', keys: [TEAM_KEY], fallbacks: { 'gpt-lb': ['gpt-spare'] } }],
      users: [],
    }),
  })
  client = new OpenAI({ baseURL: `${await gw.app.listen({ host: '127.0.0.1', port: 0 })}/v1`, apiKey: TEAM_KEY, maxRetries: 0 })
})
afterAll(async () => {
  await gw?.close()
  await Promise.all([east?.close(), west?.close(), spare?.close()])
})

const ask = async (text = 'hi') => {
  const { data, response } = await client.chat.completions.create({ model: 'gpt-lb', messages: [{ role: 'user', content: text }] }).withResponse()
  return { data, modelId: response.headers.get('x-svc-model-id'), requestId: response.headers.get('x-request-id'), fallbacks: response.headers.get('x-svc-fallbacks-used') }
}
const counts = () => ({ east: east.requests.length, west: west.requests.length, spare: spare.requests.length })

describe('load balancing over deployments', () => {
  it('spreads requests by weight and names the deployment that answered', async () => {
    const modelId = gw.store.models.getByName('gpt-lb')!.id
    const served = [await ask(), await ask(), await ask(), await ask()]
    expect(served.map((s) => s.modelId)).toEqual([`${modelId}@east/gpt-east`, `${modelId}@west/gpt-west`, `${modelId}@east/gpt-east`, `${modelId}@west/gpt-west`])
    expect(counts()).toEqual({ east: 2, west: 2, spare: 0 })
    expect(east.requests.map((r) => r.json.model)).toEqual(['gpt-east', 'gpt-east'])
    expect(served[0]!.data.model).toBe('gpt-lb')
  })

  it('rests a deployment that answered 429 for its retry-after, then sends it traffic again', async () => {
    const before = counts()
    east.failNext(429, { error: { message: 'slow down', type: 'rate_limit_error' } }, { 'retry-after': '20' })
    const rescued = await ask('first')
    expect(rescued.modelId).toMatch(/@west\/gpt-west$/)
    expect(rescued.fallbacks).toBeNull()
    const row = await settledUsageRow(gw.store, rescued.requestId)
    expect(row.attempts.map((a) => [a.deployment, a.status])).toEqual([
      ['east/gpt-east', 429],
      ['west/gpt-west', 200],
    ])

    for (let i = 0; i < 4; i++) expect((await ask()).modelId).toMatch(/@west\/gpt-west$/)
    expect(counts()).toEqual({ east: before.east + 1, west: before.west + 5, spare: 0 })

    gw.clock.advance(19_000)
    expect((await ask()).modelId).toMatch(/@west\/gpt-west$/)
    gw.clock.advance(1_000)
    const back = [await ask(), await ask()].map((s) => s.modelId!.split('@')[1])
    expect(back.sort()).toEqual(['east/gpt-east', 'west/gpt-west'])
  })

  it('rests a deployment that answered 5xx for the model cool-down (no retry-after)', async () => {
    gw.clock.advance(60_000)
    const next = (await ask()).modelId!.endsWith('east/gpt-east') ? west : east
    next.failNext(503)
    expect((await ask()).modelId).not.toContain(next === east ? 'east/' : 'west/')
    const during = next.requests.length
    for (let i = 0; i < 3; i++) await ask()
    expect(next.requests.length).toBe(during)
    gw.clock.advance(30_000)
    await ask()
    await ask()
    expect(next.requests.length).toBe(during + 1)
  })

  it("falls back to the team's next model only after every deployment failed, then refuses while all rest", async () => {
    gw.clock.advance(60_000)
    east.failNext(500)
    west.failNext(500)
    const fell = await ask()
    expect(fell.modelId).toBe(gw.store.models.getByName('gpt-spare')!.id)
    expect(fell.fallbacks).toBe('gpt-lb')

    // Both deployments rest now: the fallback answers without either being tried.
    const quiet = counts()
    expect((await ask()).modelId).toBe(gw.store.models.getByName('gpt-spare')!.id)
    expect(counts()).toMatchObject({ east: quiet.east, west: quiet.west })

    const res = await fetch(`${client.baseURL}/chat/completions?fallbacks=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-lb', messages: [{ role: 'user', content: 'no fallback' }] }),
    })
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('30')
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ code: 'deployments_cooling_down', param: 'model' })
  })

  it('takes deployments in the admin API, refusing an unknown provider with 400 naming the field', async () => {
    const inject = (method: 'POST' | 'PATCH', url: string, payload: object) => gw.app.inject({ method, url, headers: admin, payload })
    const bad = await inject('POST', '/admin/models', { name: 'gpt-new', provider: 'east', upstream: 'x', deployments: [{ provider: 'nowhere', upstream: 'x' }] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatchObject({ param: 'deployments[0].provider', message: expect.stringContaining('unknown provider "nowhere"') })
    const made = await inject('POST', '/admin/models', { name: 'gpt-new', provider: 'east', upstream: 'x', routing: 'least_in_flight', deployments: [{ provider: 'west', upstream: 'w', weight: 3 }] })
    expect(made.statusCode).toBe(201)
    expect(made.json()).toMatchObject({ deployments: [{ provider: 'west', upstream: 'w', weight: 3 }], routing: 'least_in_flight', cooldown: null })
    const patched = await inject('PATCH', `/admin/models/${made.json<{ id: string }>().id}`, { deployments: null })
    expect(patched.json()).toMatchObject({ deployments: null, routing: 'least_in_flight' })
  })
})
