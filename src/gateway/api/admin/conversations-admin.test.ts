import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { admin, startTestGateway, TEAM_KEY, type TestGateway } from '../../../../test/support/harness'

let gw: TestGateway
beforeEach(async () => {
  gw = await startTestGateway()
})
afterEach(async () => gw.close())

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  gw.app.inject({ method, url: `/admin${url}`, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) })

const data = (...texts: string[]) => ({
  system_prompt: 'You are terse.',
  messages: texts.map((t, i) => ({ role: i % 2 ? 'assistant' : 'user', content: t })),
  params: { temperature: 0.2 },
})

describe('conversations admin API', () => {
  it('creates with a title taken from the first user message, reads it back whole, lists newest first', async () => {
    const first = await call('POST', '/conversations', { model: 'gpt-echo', data: data('Plan a trip to Lisbon', 'Sure.') })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({ title: 'Plan a trip to Lisbon', model: 'gpt-echo', message_count: 2 })
    gw.clock.advance(1000)
    await call('POST', '/conversations', { title: 'Second', data: data('Hello') })

    const one = await call('GET', `/conversations/${first.json().id}`)
    expect(one.json().data).toEqual(data('Plan a trip to Lisbon', 'Sure.'))
    const list = await call('GET', '/conversations')
    expect(list.json().data.map((c: { title: string }) => c.title)).toEqual(['Second', 'Plan a trip to Lisbon'])
    expect(list.json().data[0]).not.toHaveProperty('data')
  })

  it('searches titles and message text case-insensitively', async () => {
    await call('POST', '/conversations', { title: 'Recipes', data: data('How long to boil an EGG?') })
    await call('POST', '/conversations', { title: 'Travel', data: data('Trains in Portugal') })
    const hits = async (q: string) => (await call('GET', `/conversations?q=${encodeURIComponent(q)}`)).json().data.map((c: { title: string }) => c.title)
    expect(await hits('egg')).toEqual(['Recipes'])
    expect(await hits('travel')).toEqual(['Travel'])
    expect(await hits('50%_')).toEqual([])
  })

  it('renames, replaces the document, deletes, and 404s an unknown id', async () => {
    const { id } = (await call('POST', '/conversations', { data: data('a') })).json()
    expect((await call('PATCH', `/conversations/${id}`, { title: 'Renamed' })).json()).toMatchObject({ title: 'Renamed', message_count: 1 })
    const replaced = await call('PATCH', `/conversations/${id}`, { data: data('a', 'b', 'c') })
    expect(replaced.json()).toMatchObject({ title: 'Renamed', message_count: 3 })
    expect((await call('DELETE', `/conversations/${id}`)).json()).toEqual({ id, deleted: true })
    expect((await call('GET', `/conversations/${id}`)).statusCode).toBe(404)
  })

  it('rejects a document without messages, and API keys', async () => {
    const bad = await call('POST', '/conversations', { data: { messages: 'nope' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.param).toBe('data.messages')
    const withKey = await gw.app.inject({ method: 'GET', url: '/admin/conversations', headers: { authorization: `Bearer ${TEAM_KEY}` } })
    expect(withKey.statusCode).toBe(401)
  })
})
