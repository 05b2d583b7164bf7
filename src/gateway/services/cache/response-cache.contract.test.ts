import OpenAI, { type APIError } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { admin, OTHER_TEAM_KEY, settledUsageRow, TEAM_KEY } from '../../../../test/support/harness'

/**
 * The response cache through the official clients (issue 27): a repeated request is answered from the
 * cache with no upstream call and no credits, its usage row marked a hit; a stream replays as a
 * stream; another team's identical request is a miss; answers expire with their ttl.
 */
let h: ChatHarness
let beta: OpenAI

beforeAll(async () => {
  h = await startChatHarness({
    models: [
      { name: 'gpt-echo', provider: 'up-openai', upstream: 'gpt-4o-mini', pricing: { input: 1000, output: 2000 } },
      { name: 'claude-echo', provider: 'up-anthropic', upstream: 'claude-haiku-4-5' },
      { name: 'embed', provider: 'up-openai', upstream: 'text-embedding-3-small', kind: 'embedding' },
    ],
    teams: [
      { name: 'alpha', keys: [TEAM_KEY] },
      { name: 'beta', keys: [OTHER_TEAM_KEY], cache: { ttl: '10m' } },
    ],
    users: [],
  })
  beta = new OpenAI({ baseURL: h.client.baseURL, apiKey: OTHER_TEAM_KEY, maxRetries: 0 })
})
afterAll(async () => h?.close())

type Body = OpenAI.Chat.ChatCompletionCreateParamsNonStreaming
const cached = (text: string, ttl: number | string = 600) => ({ model: 'gpt-echo', messages: [{ role: 'user' as const, content: text }], cache: { ttl } }) as Body
const balance = () => h.gw.store.company.balanceMicro()

describe('the response cache', () => {
  it('answers a repeated chat request from the cache: same answer, no upstream call, no credits, a usage row marked as a hit', async () => {
    const first = await h.client.chat.completions.create(cached('what is a cache?')).withResponse()
    expect(first.response.headers.get('x-svc-cache')).toBe('miss')
    expect(h.openai.requests.at(-1)!.json).not.toHaveProperty('cache')
    const missRow = await settledUsageRow(h.gw.store, first.response.headers.get('x-request-id'))
    expect(missRow.creditsMicro).toBeGreaterThan(0)
    const upstreamCalls = h.openai.requests.length
    const before = balance()

    const again = await h.client.chat.completions.create({ ...cached('what is a cache?'), user: 'someone-else' } as Body).withResponse()
    expect(again.response.headers.get('x-svc-cache')).toBe('hit')
    expect(again.response.headers.get('x-svc-model-id')).toBe(h.model('gpt-echo').id)
    expect(again.data).toEqual({ ...first.data, usage: { ...first.data.usage, svc_credits_cost: 0 } })
    expect((first.data.usage as { svc_credits_cost?: number }).svc_credits_cost).toBeGreaterThan(0)
    expect(h.openai.requests.length).toBe(upstreamCalls)
    const hitRow = await settledUsageRow(h.gw.store, again.response.headers.get('x-request-id'))
    expect(hitRow).toMatchObject({ cacheHit: true, creditsMicro: 0, status: 200, modelName: 'gpt-echo', endpoint: 'chat.completions' })
    expect(balance()).toBe(before)
    const listed = (await h.gw.app.inject({ method: 'GET', url: '/admin/usage?limit=1', headers: admin })).json().data[0]
    expect(listed).toMatchObject({ cache_hit: true, credits: 0 })
  })

  it('replays a stream request as a stream, chunk for chunk', async () => {
    const ask = async () => {
      const { data, response } = await h.client.chat.completions
        .create({ model: 'gpt-echo', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'stream me' }] }, { headers: { 'x-svc-cache-ttl': '5m' } })
        .withResponse()
      const chunks: OpenAI.Chat.ChatCompletionChunk[] = []
      for await (const chunk of data) chunks.push(chunk)
      return { cache: response.headers.get('x-svc-cache'), type: response.headers.get('content-type'), chunks }
    }
    const first = await ask()
    const calls = h.openai.requests.length
    const second = await ask()
    expect([first.cache, second.cache]).toEqual(['miss', 'hit'])
    expect(second.type).toMatch(/^text\/event-stream/)
    expect(second.chunks.length).toBeGreaterThan(2)
    expect(second.chunks).toEqual(first.chunks)
    expect(second.chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('echo: stream me')
    expect(h.openai.requests.length).toBe(calls)
  })

  it("never answers one team from another's cache; a team's own cache setting applies without asking", async () => {
    await h.client.chat.completions.create(cached('shared question'))
    const calls = h.openai.requests.length
    const theirs = await beta.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'shared question' }] }).withResponse()
    expect(theirs.response.headers.get('x-svc-cache')).toBe('miss')
    expect(h.openai.requests.length).toBe(calls + 1)
    const again = await beta.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'shared question' }] }).withResponse()
    expect(again.response.headers.get('x-svc-cache')).toBe('hit')
    // A request may turn its team's cache off.
    const off = await beta.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'shared question' }] }, { headers: { 'x-svc-cache-ttl': '0' } }).withResponse()
    expect(off.response.headers.get('x-svc-cache')).toBeNull()
  })

  it('caches Messages (a stream replayed in Anthropic events), Responses and embeddings', async () => {
    const message = () => h.anthropicClient.messages.stream({ model: 'claude-echo', max_tokens: 64, messages: [{ role: 'user', content: 'hello claude' }] }, { headers: { 'x-svc-cache-ttl': '600' } })
    const first = await message().finalMessage()
    const calls = h.anthropic.requests.length
    const replay = message()
    const events: string[] = []
    replay.on('streamEvent', (e) => events.push(e.type))
    expect(await replay.finalMessage()).toEqual(first)
    expect(events.at(-1)).toBe('message_stop')
    expect(h.anthropic.requests.length).toBe(calls)

    const respond = () => beta.responses.create({ model: 'gpt-echo', input: 'respond once' }).withResponse()
    const r1 = await respond()
    const r2 = await respond()
    expect([r1.response.headers.get('x-svc-cache'), r2.response.headers.get('x-svc-cache')]).toEqual(['miss', 'hit'])
    expect(r2.data.output_text).toBe(r1.data.output_text)

    const embed = () => beta.embeddings.create({ model: 'embed', input: ['alpha', 'beta'] }).withResponse()
    const e1 = await embed()
    const e2 = await embed()
    expect([e1.response.headers.get('x-svc-cache'), e2.response.headers.get('x-svc-cache')]).toEqual(['miss', 'hit'])
    expect(e2.data.data).toEqual(e1.data.data)
  })

  it('lets answers expire with their ttl, sweeps them, and refuses an unreadable ttl naming the field', async () => {
    await h.client.chat.completions.create(cached('short lived', 60))
    expect((await h.client.chat.completions.create(cached('short lived', 60)).withResponse()).response.headers.get('x-svc-cache')).toBe('hit')
    h.gw.clock.advance(61_000)
    expect((await h.client.chat.completions.create(cached('short lived', 60)).withResponse()).response.headers.get('x-svc-cache')).toBe('miss')
    h.gw.clock.advance(3_600_000)
    expect(h.gw.store.responseCache.sweepExpired(h.gw.clock.now())).toBeGreaterThan(0)

    const bad = await h.client.chat.completions.create(cached('x', 'forever')).catch((e: APIError) => e)
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError)
    expect((bad as APIError).param).toBe('cache.ttl')
    expect((bad as APIError).message).toMatch(/"10m"/)
  })
})

describe('the response cache and a team that keeps no content', () => {
  it('never keeps the answers of a team whose data policy says keep_content: false', async () => {
    const { createResponseCache } = await import('./response-cache')
    const cache = createResponseCache({ store: h.gw.store, clock: h.gw.clock, ledger: null as never, keepsContent: (teamId) => teamId !== 'private-team' })
    const principal = (id: string) => ({ principal: { team: { id, cacheTtlSeconds: 600 } } }) as never
    expect(cache.plan(principal('private-team'), 'chat.completions', { model: 'gpt-echo', messages: [] }, undefined).plan).toBeNull()
    expect(cache.plan(principal('open-team'), 'chat.completions', { model: 'gpt-echo', messages: [] }, undefined).plan).not.toBeNull()
  })
})

describe('a team cache setting in the admin API', () => {
  it('sets, shows and clears a team cache, refusing a ttl out of range with the field named', async () => {
    const send = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) => h.gw.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) })
    const made = await send('POST', '/admin/teams', { name: 'gamma', cache: { ttl: 120 } })
    expect(made.statusCode).toBe(201)
    expect(made.json()).toMatchObject({ name: 'gamma', cache: { ttl: 120 } })
    expect(h.gw.store.teams.getByName('gamma')!.cacheTtlSeconds).toBe(120)
    const id = made.json<{ id: string }>().id
    // A kept answer is served only while its model is still the team's to call.
    const plan = h.gw.store.teams.getByName('gamma')!
    const { createResponseCache } = await import('./response-cache')
    const cache = createResponseCache({ store: h.gw.store, clock: h.gw.clock, ledger: null as never })
    const planned = cache.plan({ principal: { team: plan } } as never, 'chat.completions', { model: 'gpt-echo', messages: [] }, undefined).plan!
    cache.keep(planned, { status: 200, contentType: 'application/json', body: Buffer.from('{}'), servedModelId: h.model('gpt-echo').id })
    expect(cache.lookup(planned, plan)).toBeDefined()
    expect(cache.lookup(planned, { ...plan, models: ['claude-echo'] })).toBeUndefined()

    const bad = await send('PATCH', `/admin/teams/${id}`, { cache: { ttl: 0 } })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('cache.ttl')
    expect((await send('PATCH', `/admin/teams/${id}`, { cache: null })).json()).toMatchObject({ cache: null })
    expect((await send('GET', '/admin/teams')).json().data.find((t: { name: string }) => t.name === 'beta')).toMatchObject({ cache: { ttl: 600 } })
  })
})
