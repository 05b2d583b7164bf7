import { describe, expect, it, vi } from 'vitest'
import { fakeGatewayApi, testStore } from '../test/fake-gateway-api'
import { gate } from '../test/gate'

const loaded = async (api = fakeGatewayApi()) => {
  const t = testStore(api)
  await t.store.getState().loadCatalog()
  return t
}

describe('managing providers, models, team access and agents', () => {
  it('adds a provider with the models picked from its list, and they become callable', async () => {
    const { store } = await loaded()
    const probe = await store.getState().probeNewProvider({ type: 'openai', base_url: 'http://new/v1', api_key: 'sk-1' })
    expect(probe.models.map((m) => m.id)).toEqual(['up-a', 'up-b'])
    const res = await store.getState().addProvider({ id: 'new', type: 'openai', base_url: 'http://new/v1', api_key: 'sk-1' }, [
      { upstream: 'up-a', name: 'a-model', pricing: { input: 5, output: 10 } },
      { upstream: 'up-b', name: 'gpt-echo', pricing: {} },
    ])
    expect(res).toEqual({ created: ['a-model'], failed: [{ name: 'gpt-echo', error: '"gpt-echo" already names a model.' }] })
    expect(store.getState().catalog.models.find((m) => m.name === 'a-model')).toMatchObject({ provider: 'new', upstream: 'up-a', pricing: { input: 5, output: 10 } })
    expect(store.getState().catalog.providers.map((p) => p.id)).toContain('new')
  })

  it('enables and disables a model for an admin team; all enabled again is written as "every model"', async () => {
    const api = fakeGatewayApi()
    api.rows.teams[0]!.source = 'admin'
    const { store } = await loaded(api)
    await store.getState().setModelEnabled('team-1', 'other', false)
    expect(api.rows.teams[0]!.models).toEqual(['gpt-echo', 'voice'])
    await store.getState().setModelEnabled('team-1', 'other', true)
    expect(api.rows.teams[0]!.models).toBeNull()
  })

  it('shows the newest catalog read when an older one answers last (a slow gateway), so a toggle is not undone', async () => {
    const api = fakeGatewayApi()
    api.rows.teams[0]!.source = 'admin'
    const { store } = await loaded(api)
    const teams = api.teams
    const slow = gate()
    // A read started before the change (as a page's own), whose teams arrive only after the change's own read.
    api.teams = async () => {
      const before = await teams()
      await slow.opened
      return before
    }
    const older = store.getState().loadCatalog()
    api.teams = teams
    await store.getState().setModelEnabled('team-1', 'voice', false)
    slow.open()
    await older
    const team = store.getState().catalog.teams[0]!
    expect(team.models).toEqual(['gpt-echo', 'other'])
    expect(store.getState().catalog.status).toBe('ready')
  })

  it('shows a toggle at once, and a second one made before the gateway answered the first builds on it and is sent after it', async () => {
    const api = fakeGatewayApi()
    api.rows.teams[0]!.source = 'admin'
    const { store } = await loaded(api)
    const updateTeam = api.updateTeam
    const sent: unknown[] = []
    const firstSave = gate()
    api.updateTeam = async (id, patch) => {
      sent.push(patch.models)
      if (sent.length === 1) await firstSave.opened
      return updateTeam(id, patch)
    }
    const shownModels = () => store.getState().catalog.teams[0]!.models
    const off = store.getState().setModelEnabled('team-1', 'voice', false)
    expect(shownModels()).toEqual(['gpt-echo', 'other'])
    const on = store.getState().setModelEnabled('team-1', 'voice', true)
    expect(shownModels()).toBeNull()
    await new Promise((settled) => setTimeout(settled, 0))
    expect(sent).toEqual([['gpt-echo', 'other']])
    firstSave.open()
    await Promise.all([off, on])
    expect(sent).toEqual([['gpt-echo', 'other'], null])
    expect(api.rows.teams[0]!.models).toBeNull()
    expect(shownModels()).toBeNull()
  })

  it('a toggle the gateway refuses is thrown to the caller, and the box shows the gateway\'s state again', async () => {
    const api = fakeGatewayApi()
    api.rows.teams[0]!.source = 'admin'
    const { store } = await loaded(api)
    api.updateTeam = async () => {
      throw new Error('Team "default" comes from the config file.')
    }
    await expect(store.getState().setModelEnabled('team-1', 'voice', false)).rejects.toThrow(/config file/)
    expect(store.getState().catalog.teams[0]!.models).toBeNull()
  })

  it('duplicates an agent under a free name and edits it', async () => {
    const { store, api } = await loaded()
    await store.getState().createAgent({ name: 'pilot', model: 'gpt-echo', system_prompt: 'Steer.' })
    await store.getState().duplicateAgent('agent-1')
    await store.getState().duplicateAgent('agent-1')
    expect(store.getState().catalog.agents.map((a) => a.name).sort()).toEqual(['pilot', 'pilot-copy', 'pilot-copy-2'])
    await store.getState().updateAgent('agent-2', { name: 'navigator' })
    expect(api.rows.agents.find((a) => a.id === 'agent-2')).toMatchObject({ name: 'navigator', system_prompt: 'Steer.' })
    await expect(store.getState().updateAgent('agent-3', { name: 'navigator' })).rejects.toThrow(/exists already/)
  })
})

describe('local model manager', () => {
  const catalog = () => {
    const api = fakeGatewayApi()
    api.rows.localModels.push({ name: 'silero-v6.2.0', kind: 'vad', description: 'VAD', fileName: 'ggml-silero-v6.2.0.bin', sizeBytes: 1000, installed: null, downloading: false, error: null })
    return api
  }

  it('follows download progress to 100% and shows the model installed', async () => {
    const api = catalog()
    const { store } = testStore(api)
    await store.getState().loadLocalModels()
    const stop = store.getState().followLocalModels()
    await store.getState().downloadLocalModel('silero-v6.2.0')
    expect(store.getState().localModels.progress['silero-v6.2.0']).toEqual({ receivedBytes: 0, totalBytes: 1000, state: 'running' })
    api.emit({ type: 'progress', progress: { name: 'silero-v6.2.0', receivedBytes: 400, totalBytes: 1000, resumedFromBytes: 0 } })
    expect(store.getState().localModels.progress['silero-v6.2.0']!.receivedBytes).toBe(400)
    api.rows.localModels[0]!.downloading = false
    api.rows.localModels[0]!.installed = { name: 'silero-v6.2.0', kind: 'vad', path: '/m/x', fileName: 'x', sizeBytes: 1000, sha256: 'h', source: 'download', multilingual: true }
    api.emit({ type: 'installed', name: 'silero-v6.2.0' })
    expect(store.getState().localModels.progress['silero-v6.2.0']).toEqual({ receivedBytes: 1000, totalBytes: 1000, state: 'done' })
    await new Promise((r) => setTimeout(r, 0))
    expect(store.getState().localModels.list[0]!.installed).toMatchObject({ sizeBytes: 1000 })
    stop()
  })

  it('pauses (keeping the part to resume), and cancels (throwing it away)', async () => {
    const api = catalog()
    const { store } = testStore(api)
    await store.getState().loadLocalModels()
    await store.getState().downloadLocalModel('silero-v6.2.0')
    await store.getState().pauseLocalModel('silero-v6.2.0')
    expect(store.getState().localModels.progress['silero-v6.2.0']!.state).toBe('paused')
    expect(api.rows.localModels[0]!.downloading).toBe(false)
    await store.getState().downloadLocalModel('silero-v6.2.0')
    expect(store.getState().localModels.progress['silero-v6.2.0']!.state).toBe('running')
    await store.getState().cancelLocalModel('silero-v6.2.0')
    expect(store.getState().localModels.progress['silero-v6.2.0']).toBeUndefined()
  })

  it('makes an installed whisper model callable through the local provider; VAD is not offered as a model', async () => {
    const { store, api } = await loaded()
    await store.getState().importLocalModel({ path: '/models/my.bin', name: 'my-whisper' })
    const local = store.getState().localModels.list.find((m) => m.name === 'my-whisper')!
    await store.getState().addLocalModelAsModel(local, 'dictation')
    expect(api.rows.models.at(-1)).toMatchObject({ name: 'dictation', provider: 'local', engine: 'whisper', file: 'my-whisper', kind: 'transcription' })
    await expect(store.getState().addLocalModelAsModel({ ...local, kind: 'vad' }, 'vad')).rejects.toThrow(/engines use it themselves/)
  })

  // Issue 22: the gateway makes an installed GGUF a chat model; the picker reads the catalog, which went stale.
  it('reads the catalog again after an import and after a download finishes, so the new model can be picked', async () => {
    const { store, api } = await loaded()
    const gguf = (name: string) => ({ ...structuredClone(api.rows.models[0]!), id: `mid-${name}`, name, provider: 'local', upstream: null, engine: 'llama' as const, file: name, aliases: [], pricing: {} })
    const importing = api.importLocalModel
    api.importLocalModel = async (input) => {
      await importing(input)
      api.rows.models.push(gguf(input.name))
    }
    await store.getState().importLocalModel({ path: '/models/qwen.gguf', name: 'qwen' })
    expect(store.getState().catalog.models.map((m) => m.name)).toContain('qwen')

    const stop = store.getState().followLocalModels()
    api.rows.models.push(gguf('llama-small'))
    api.emit({ type: 'installed', name: 'llama-small' })
    await vi.waitFor(() => expect(store.getState().catalog.models.map((m) => m.name)).toContain('llama-small'))
    stop()
  })
})
