import { describe, expect, it, vi } from 'vitest'
import { createAppStore } from './app-store'
import { persistPlaygroundSession } from './playground-persistence'
import { choice, fakeGatewayApi, result, testStore } from '../test/fake-gateway-api'

/** The store a reload builds: same storage, fresh state. */
const reload = (storage: Map<string, string>) =>
  createAppStore({ api: fakeGatewayApi(), storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) } })

describe('the playground survives a reload', () => {
  it('restores the conversation, model, prompt, parameters, tools, format and the unsent draft', async () => {
    vi.useFakeTimers()
    try {
      const { store, storage } = testStore(fakeGatewayApi(async () => result([choice('Hi there')])))
      const stop = persistPlaygroundSession(store, { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) }, null)
      const s = store.getState()
      s.setModel('other')
      s.setSystemPrompt('Be brief.')
      s.setParam('temperature', '0.4')
      s.setToolsText('[{"type":"function","function":{"name":"f"}}]')
      s.setResponseFormat({ kind: 'json_object' })
      await s.send('Hello')
      s.setComposerText('half-written thought')
      await vi.advanceTimersByTimeAsync(300)
      stop()

      const after = reload(storage).getState()
      expect(after.playground).toMatchObject({ model: 'other', systemPrompt: 'Be brief.', params: { temperature: '0.4' }, toolsText: '[{"type":"function","function":{"name":"f"}}]', responseFormat: { kind: 'json_object' } })
      expect(after.playground.messages.map((m) => m.content)).toEqual(['Hello', 'Hi there'])
      expect(after.conversationId).toBe('conv-1')
      expect(after.composer.text).toBe('half-written thought')
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps each conversation\'s unsent draft when switching between them', async () => {
    const { store } = testStore()
    const s = store.getState()
    s.setModel('gpt-echo')
    await s.send('first conversation')
    s.setComposerText('draft for the first')
    s.newConversation()
    expect(store.getState().composer.text).toBe('')
    store.getState().setComposerText('draft for a new one')
    await store.getState().openConversation('conv-1')
    expect(store.getState().composer.text).toBe('draft for the first')
    store.getState().newConversation()
    expect(store.getState().composer.text).toBe('draft for a new one')
  })

  it('starts empty on storage it cannot read', () => {
    const storage = new Map([['gatehouse.playground.v1', '{not json']])
    expect(reload(storage).getState().playground.messages).toEqual([])
  })
})

describe('settings and the status pill', () => {
  it('keeps "Enter sends" as a setting', () => {
    const { store, storage } = testStore()
    expect(store.getState().sendKey).toBe('mod-enter')
    store.getState().setSendKey('enter')
    expect(reload(storage).getState().sendKey).toBe('enter')
  })

  it('turns red on the first heartbeat the gateway misses, and green again when it answers', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    await store.getState().checkHealth()
    expect(store.getState().statusError).toBeNull()
    api.healthy = false
    await store.getState().checkHealth()
    expect(store.getState().statusError).toMatch(/Cannot reach the gateway/)
    api.healthy = true
    await store.getState().checkHealth()
    expect(store.getState().statusError).toBeNull()
  })
})
