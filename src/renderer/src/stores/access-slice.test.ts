import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../test/fake-gateway-api'
import { playgroundKeyName } from './access-slice'

describe('the playground key (issue 22)', () => {
  it('opening the file manager issues no key; the first call that needs one does', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    await store.getState().loadCatalog()
    await store.getState().loadFiles()
    await store.getState().loadBatches()
    expect(await api.keys()).toEqual([])
    expect(store.getState().files.status).toBe('ready')
    await store.getState().ensureApiKey()
    expect(await api.keys()).toHaveLength(1)
  })

  it('is named after the browser session, and reused for its team when the team is picked again', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    await store.getState().loadCatalog()
    const first = await store.getState().ensureApiKey()
    const [issued] = await api.keys()
    expect(issued!.name).toMatch(/^Playground · .+ · \d{4}-\d{2}-\d{2}$/)
    store.getState().setAccessTeam('team-2')
    store.getState().setAccessTeam('team-1')
    expect(await store.getState().ensureApiKey()).toBe(first)
    expect(await api.keys()).toHaveLength(1)
  })

  it('Settings revokes it, and the next send issues a new one', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    await store.getState().loadCatalog()
    await store.getState().ensureApiKey()
    await store.getState().revokePlaygroundKey()
    expect((await api.keys())[0]!.status).toBe('revoked')
    expect(store.getState().access.key).toBeNull()
    await store.getState().ensureApiKey()
    expect((await api.keys()).map((k) => k.status)).toEqual(['revoked', 'active'])
  })

  it('names the browser as people do', () => {
    expect(playgroundKeyName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', new Date('2026-11-25T12:00:00Z'))).toBe('Playground · Chrome on Linux · 2026-11-25')
  })
})
