import { describe, expect, it } from 'vitest'
import type { UsageStats } from '../../../shared/usage-wire'
import { fakeGatewayApi, testStore } from '../test/fake-gateway-api'
import { gate } from '../test/gate'

/**
 * Reads of one list overlap (a page's own, the one after a change, one for a filter or view picked meanwhile); an
 * older one answering last must not put back what the newest read showed.
 */
describe('overlapping reads show the newest', () => {
  it('keys: a read begun before a key was created, answering last, does not hide the new key', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    const keys = api.keys
    const slow = gate()
    api.keys = async () => {
      const before = await keys()
      await slow.opened
      return before
    }
    const older = store.getState().loadKeys()
    api.keys = keys
    await store.getState().createKey({ name: 'ci' })
    slow.open()
    await older
    expect(store.getState().keys.list.map((k) => k.name)).toEqual(['ci'])
  })

  it('conversations: a read begun before a delete, answering last, does not bring the deleted conversation back', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    const kept = await api.createConversation({ model: null, data: { messages: [{ role: 'user', content: 'kept' }] } })
    const gone = await api.createConversation({ model: null, data: { messages: [{ role: 'user', content: 'gone' }] } })
    const conversations = api.conversations
    const slow = gate()
    api.conversations = async (q) => {
      const before = await conversations(q)
      await slow.opened
      return before
    }
    const older = store.getState().loadConversations()
    api.conversations = conversations
    await store.getState().deleteConversation(gone.id)
    slow.open()
    await older
    expect(store.getState().conversations.list.map((c) => c.id)).toEqual([kept.id])
  })

  it('files: a filter picked while the first page is on its way shows that filter\'s files', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    await store.getState().ensureApiKey()
    const slow = gate()
    api.listFiles = async (_key, query) => {
      if (query.purpose === 'batch') await slow.opened
      const file = { id: `file-${query.purpose}`, object: 'file', bytes: 1, created_at: 1, filename: `${query.purpose}.bin`, purpose: query.purpose }
      return { object: 'list', data: [file], first_id: file.id, last_id: file.id, has_more: false } as never
    }
    const first = store.getState().loadFiles({ purpose: 'batch' })
    await store.getState().loadFiles({ purpose: 'batch_output' })
    slow.open()
    await first
    expect(store.getState().files.query.purpose).toBe('batch_output')
    expect(store.getState().files.list.map((f) => f.id)).toEqual(['file-batch_output'])
  })

  it('usage: totals grouped by team stay when the by-model read answers after them', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    const slow = gate()
    api.usagePage = async () => ({ object: 'list', data: [], next_before: null }) as never
    api.usageStats = async (_filters, { group_by }) => {
      if (group_by === 'model') await slow.opened
      return { group_by, groups: [] } as unknown as UsageStats
    }
    const first = store.getState().loadUsage()
    await store.getState().setUsageView({ groupBy: 'team' })
    slow.open()
    await first
    expect(store.getState().usage.stats).toMatchObject({ group_by: 'team' })
  })
})
