import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/api-error'
import { choice, fakeGatewayApi, result, testStore } from '../test/fake-gateway-api'
import { EDIT_SAVE_DELAY_MS } from './conversations-slice'

describe('compare slice', () => {
  it('sends the conversation plus the prompt to every model at once, answers side by side', async () => {
    let inFlight = 0
    let maxInFlight = 0
    const api = fakeGatewayApi(async (body) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight)
      await new Promise((r) => setTimeout(r, 5))
      inFlight--
      if (body.model === 'broken') throw new ApiError('The model "broken" does not exist.', { status: 404, code: 'model_not_found' })
      return result([choice(`${body.model} says hi`)], body.model)
    })
    const { store } = testStore(api)
    const s = store.getState()
    s.setSystemPrompt('Be kind.')
    s.addMessage('user', 'earlier')
    const [a, b] = store.getState().compare.columns
    s.setCompareModel(a!.id, 'gpt-echo')
    s.setCompareModel(b!.id, 'other')
    s.addCompareColumn()
    s.setCompareModel(store.getState().compare.columns[2]!.id, 'broken')
    s.setComparePrompt('Hello')
    await s.runCompare()

    expect(maxInFlight).toBe(3)
    expect(api.calls.map((c) => c.body.model).sort()).toEqual(['broken', 'gpt-echo', 'other'])
    for (const c of api.calls) expect(c.body.messages).toEqual([{ role: 'system', content: 'Be kind.' }, { role: 'user', content: 'earlier' }, { role: 'user', content: 'Hello' }])
    const cols = store.getState().compare.columns
    expect(cols.map((c) => c.status)).toEqual(['done', 'done', 'error'])
    expect(cols[0]!.choices[0]!.content).toBe('gpt-echo says hi')
    expect(cols[1]!.meta!.latencyMs).toBe(20)
    expect(cols[2]!.error).toMatch(/does not exist/)
    expect(store.getState().compare.running).toBe(false)
  })

  it('asks for a model in every column, caps at four, keeps at least two, and keeps an answer into the chat', async () => {
    const { store } = testStore()
    const s = store.getState()
    await s.runCompare()
    expect(store.getState().compare.error).toBe('Pick a model in every column.')
    for (let i = 0; i < 5; i++) s.addCompareColumn()
    expect(store.getState().compare.columns).toHaveLength(4)
    for (const c of store.getState().compare.columns.slice(0)) s.removeCompareColumn(c.id)
    expect(store.getState().compare.columns).toHaveLength(2)

    const [a, b] = store.getState().compare.columns
    s.setCompareModel(a!.id, 'gpt-echo')
    s.setCompareModel(b!.id, 'other')
    s.setComparePrompt('Q')
    await s.runCompare()
    s.keepCompareAnswer(b!.id)
    const st = store.getState()
    expect(st.playgroundMode).toBe('chat')
    expect(st.playground.model).toBe('other')
    expect(st.playground.messages.map((m) => [m.role, m.content.slice(0, 5)])).toEqual([['user', 'Q'], ['assistant', 'echo:']])
  })
})

describe('conversations slice', () => {
  it('opens a saved conversation with its prompt, parameters, tools and messages', async () => {
    const { store } = testStore()
    const s = store.getState()
    s.setModel('gpt-echo')
    s.setSystemPrompt('Terse.')
    s.setParam('temperature', '0.3')
    s.setToolsText('[{"type":"function","function":{"name":"f"}}]')
    await s.send('Remember me')
    const id = store.getState().conversationId!

    store.getState().newConversation()
    expect(store.getState().playground.messages).toEqual([])
    expect(store.getState().conversationId).toBeNull()
    await store.getState().openConversation(id)
    const st = store.getState()
    expect(st.conversationId).toBe(id)
    expect(st.playground).toMatchObject({ model: 'gpt-echo', systemPrompt: 'Terse.', params: { temperature: '0.3' }, toolsText: '[{"type":"function","function":{"name":"f"}}]' })
    expect(st.playground.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
  })

  it('renames, searches, exports and deletes', async () => {
    const { store } = testStore()
    const s = store.getState()
    s.setModel('gpt-echo')
    await s.send('Trip to Lisbon')
    const id = store.getState().conversationId!
    await store.getState().renameConversation(id, 'Lisbon plans')
    expect(store.getState().conversationTitle).toBe('Lisbon plans')
    await store.getState().loadConversations('lisbon')
    expect(store.getState().conversations.list.map((c) => c.title)).toEqual(['Lisbon plans'])
    await store.getState().loadConversations('paris')
    expect(store.getState().conversations.list).toEqual([])

    const md = await store.getState().exportConversation(id, 'md')
    expect(md.fileName).toBe('Lisbon-plans.md')
    expect(md.text).toContain('# Lisbon plans')
    expect(md.text).toContain('## User\n\nTrip to Lisbon')
    const json = JSON.parse((await store.getState().exportConversation(id, 'json')).text)
    expect(json).toMatchObject({ title: 'Lisbon plans', model: 'gpt-echo', messages: [{ role: 'user', content: 'Trip to Lisbon' }, { role: 'assistant' }] })

    await store.getState().deleteConversation(id)
    expect(store.getState().conversationId).toBeNull()
    await store.getState().loadConversations('')
    expect(store.getState().conversations.list).toEqual([])
  })
})

describe('session, keys and settings slices', () => {
  it('asks for a login on 401 and signs in with the admin token', async () => {
    const api = fakeGatewayApi()
    let signedIn = false
    api.status = async () => {
      if (!signedIn) throw new ApiError('needs token', { status: 401, code: 'missing_admin_token' })
      return { version: 't', config_source: 'x', credits: { balance: 5 }, counts: { providers: 0, models: 0, teams: 0, keys: 0 } }
    }
    const realSignIn = api.signIn
    api.signIn = async (t) => {
      await realSignIn(t)
      signedIn = true
    }
    const { store } = testStore(api)
    await store.getState().checkSession()
    expect(store.getState().auth).toBe('needs-login')
    expect(await store.getState().signIn('wrong')).toBe('That is not this gateway\'s admin token.')
    expect(await store.getState().signIn('admin-token')).toBeNull()
    expect(store.getState().auth).toBe('signed-in')
    expect(store.getState().status!.credits.balance).toBe(5)
  })

  it('says the gateway is unreachable on a network error', async () => {
    const api = fakeGatewayApi()
    api.status = async () => {
      throw new ApiError('Cannot reach the gateway (fetch failed).', { status: 0, code: 'network_error' })
    }
    const { store } = testStore(api)
    await store.getState().checkSession()
    expect(store.getState()).toMatchObject({ auth: 'unreachable', statusError: 'Cannot reach the gateway (fetch failed).' })
  })

  it('reveals a new or rotated key once; revoking the playground key makes the playground issue another', async () => {
    const { store } = testStore()
    await store.getState().createKey({ team_id: 'team-1', name: 'ci' })
    expect(store.getState().revealedKey).toMatchObject({ action: 'created', issued: { key: 'gth-team-secret-1' } })
    expect(store.getState().keys.list).toHaveLength(1)
    store.getState().dismissRevealedKey()
    expect(store.getState().revealedKey).toBeNull()
    await store.getState().rotateKey('key-1')
    expect(store.getState().revealedKey).toMatchObject({ action: 'rotated', issued: { key: 'gth-team-secret-2' } })

    const key = await store.getState().ensureApiKey()
    expect(key).toBe('gth-team-secret-3')
    await store.getState().revokeKey(store.getState().access.keyId!)
    expect(store.getState().access.key).toBeNull()
    expect(await store.getState().ensureApiKey()).toBe('gth-team-secret-4')
  })

  it('keeps the theme and the playground key in storage across stores', async () => {
    const first = testStore()
    first.store.getState().setTheme('dark')
    await first.store.getState().ensureApiKey()
    const again = testStore(first.api)
    for (const [k, v] of first.storage) again.storage.set(k, v)
    const { createAppStore } = await import('./app-store')
    const reopened = createAppStore({ api: first.api, storage: { getItem: (k) => again.storage.get(k) ?? null, setItem: () => undefined, removeItem: () => undefined } })
    expect(reopened.getState().theme).toBe('dark')
    expect(reopened.getState().access.key).toBe('gth-team-secret-1')
  })
})

describe('conversations slice: edits between runs', () => {
  it('saves hand edits to an open conversation shortly after the last one', async () => {
    vi.useFakeTimers()
    try {
      const { store, api } = testStore()
      store.getState().setModel('gpt-echo')
      await store.getState().send('Original')
      const id = store.getState().conversationId!
      const first = store.getState().playground.messages[0]!
      store.getState().updateMessage(first.id, { content: 'Edited by hand' })
      store.getState().setSystemPrompt('New prompt')
      expect((api.conversationsStore.get(id)!.data.messages as { content: string }[])[0]!.content).toBe('Original')
      await vi.advanceTimersByTimeAsync(EDIT_SAVE_DELAY_MS + 10)
      const saved = api.conversationsStore.get(id)!.data as { system_prompt: string; messages: { content: string }[] }
      expect(saved.messages[0]!.content).toBe('Edited by hand')
      expect(saved.system_prompt).toBe('New prompt')
    } finally {
      vi.useRealTimers()
    }
  })
})
