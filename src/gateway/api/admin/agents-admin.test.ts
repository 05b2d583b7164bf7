import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { admin } from '../../../../test/support/harness'

let h: ChatHarness
beforeAll(async () => {
  h = await startChatHarness()
})
afterAll(async () => h.close())

const post = (url: string, payload: object) => h.gw.app.inject({ method: 'POST', url, headers: admin, payload })
const patch = (url: string, payload: object) => h.gw.app.inject({ method: 'PATCH', url, headers: admin, payload })

describe('agents are called by a unique name as well as their UUID', () => {
  it('answers `model: "<agent name>"` with the agent applied, and names the agent in the usage log', async () => {
    const created = await post('/admin/agents', { name: 'pilot', model: 'gpt-echo', system_prompt: 'You steer ships.' })
    expect(created.statusCode).toBe(201)
    const data = await h.client.chat.completions.create({ model: 'pilot', messages: [{ role: 'user', content: 'where to?' }] })
    expect(data.model).toBe('gpt-echo')
    expect(h.openai.requests.at(-1)!.json).toMatchObject({ messages: [{ role: 'system', content: 'You steer ships.' }, { role: 'user', content: 'where to?' }] })

    await h.client.chat.completions.create({ model: created.json().id, messages: [{ role: 'user', content: 'by id' }] })
    const rows = (await h.gw.app.inject({ method: 'GET', url: '/admin/usage?limit=2', headers: admin })).json().data
    expect(rows.map((r: { agent: string | null; requested_model: string }) => r.agent)).toEqual(['pilot', 'pilot'])

    await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'plain' }] })
    expect((await h.gw.app.inject({ method: 'GET', url: '/admin/usage?limit=1', headers: admin })).json().data[0].agent).toBeNull()
  })

  it('refuses a name another agent, a model or an alias already has, with 409 naming the clash', async () => {
    const twin = await post('/admin/agents', { name: 'pilot', model: 'gpt-echo' })
    expect(twin.statusCode).toBe(409)
    expect(twin.json().error).toMatchObject({ param: 'name', message: expect.stringMatching(/^An agent named "pilot" exists already/) })
    const asModel = await post('/admin/agents', { name: 'claude-echo', model: 'gpt-echo' })
    expect(asModel.json().error.message).toBe('"claude-echo" already names model "claude-echo"; give the agent another name.')
    const asAlias = await post('/admin/agents', { name: 'echo', model: 'gpt-echo' })
    expect(asAlias.json().error.message).toBe('"echo" already names model "gpt-echo"; give the agent another name.')
  })

  it('lets an agent keep its own name on edit, but not take another one', async () => {
    const other = (await post('/admin/agents', { name: 'navigator', model: 'gpt-echo' })).json()
    expect((await patch(`/admin/agents/${other.id}`, { name: 'navigator', system_prompt: 'Read maps.' })).statusCode).toBe(200)
    expect((await patch(`/admin/agents/${other.id}`, { name: 'pilot' })).statusCode).toBe(409)
  })

  it('refuses a new model or alias named like an agent', async () => {
    const res = await post('/admin/models', { name: 'pilot', provider: 'up-openai', upstream: 'gpt-4o-mini' })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('"pilot" already names an agent.')
  })
})
