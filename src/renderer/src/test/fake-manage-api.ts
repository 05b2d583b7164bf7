import { ApiError } from '../api/api-error'
import type { LocalModelEvent, LocalModelsApi } from '../api/local-models-api'
import type { ManageApi } from '../api/manage-api'
import type { Agent, LocalModelInfo, ModelInfo, ProviderInfo, ProviderProbe, TeamInfo, UserInfo } from '../../../shared/admin-wire'
import { modelKind } from '../../../shared/model-kind'

export interface FakeRows {
  models: ModelInfo[]
  providers: ProviderInfo[]
  teams: TeamInfo[]
  agents: Agent[]
  localModels: LocalModelInfo[]
  users: UserInfo[]
}

/** The admin API's management routes over in-memory rows, with the gateway's own refusals where stores rely on them. */
export function fakeManageApi(rows: FakeRows, probe: (input: { base_url?: string | null; api_key?: string | null }) => ProviderProbe) {
  let n = 0
  const listeners = new Set<(e: LocalModelEvent) => void>()
  const clash = (label: string, selfId: string | null) =>
    rows.models.some((m) => m.id !== selfId && (m.name === label || m.aliases.includes(label))) || rows.agents.some((a) => a.id !== selfId && a.name === label)
  const manage: ManageApi = {
    createProvider: async (input) => {
      if (rows.providers.some((p) => p.id === input.id)) throw new ApiError(`A provider with id "${input.id}" exists already.`, { status: 409, code: 'already_exists', param: 'id' })
      const p: ProviderInfo = { id: input.id, type: input.type, base_url: input.base_url ?? null, has_api_key: !!input.api_key, api_key_env: null, source: 'admin', created_at: 1 }
      rows.providers.push(p)
      return p
    },
    updateProvider: async (id, patch) => {
      const p = rows.providers.find((x) => x.id === id)!
      Object.assign(p, { ...(patch.base_url !== undefined ? { base_url: patch.base_url } : {}), ...(patch.api_key ? { has_api_key: true } : {}) })
      return p
    },
    deleteProvider: async (id) => void rows.providers.splice(rows.providers.findIndex((p) => p.id === id), 1),
    probeProvider: async (input) => probe(input),
    probeSavedProvider: async (id) => probe({ base_url: rows.providers.find((p) => p.id === id)?.base_url }),
    createModel: async (input) => {
      if (clash(input.name, null)) throw new ApiError(`"${input.name}" already names a model.`, { status: 409, code: 'already_exists', param: 'name' })
      const m: ModelInfo = { id: `mid-new-${++n}`, name: input.name, provider: input.provider, upstream: input.upstream ?? null, engine: input.engine ?? null, kind: modelKind({ ...input, kind: input.kind ?? null }), file: input.file ?? null, aliases: input.aliases ?? [], pricing: input.pricing ?? {}, source: 'admin', created_at: 2 }
      rows.models.push(m)
      return m
    },
    updateModel: async (id, patch) => {
      const m = rows.models.find((x) => x.id === id)!
      Object.assign(m, patch)
      return m
    },
    deleteModel: async (id) => void rows.models.splice(rows.models.findIndex((m) => m.id === id), 1),
    updateTeam: async (id, patch) => {
      const t = rows.teams.find((x) => x.id === id)!
      if (t.source === 'config') throw new ApiError(`Team "${t.name}" comes from the config file.`, { status: 409, code: 'managed_by_config' })
      if (patch.models !== undefined) t.models = patch.models
      if (patch.name !== undefined) t.name = patch.name
      return t
    },
    createTeam: async ({ name }) => {
      if (rows.teams.some((t) => t.name === name)) throw new ApiError(`A team named "${name}" exists already.`, { status: 409, code: 'already_exists', param: 'name' })
      const team = { id: `team-${rows.teams.length + 1}`, name, models: null, fallbacks: {}, use_fallbacks: true, source: 'admin' as const, created_at: 1 }
      rows.teams.push(team)
      return team
    },
    deleteTeam: async (id) => void rows.teams.splice(rows.teams.findIndex((t) => t.id === id), 1),
    createUser: async ({ name, team_id }) => {
      const user = { id: `user-${rows.users.length + 1}`, name, team_id, source: 'admin' as const, created_at: 1 }
      rows.users.push(user)
      return user
    },
    renameUser: async (id, name) => Object.assign(rows.users.find((u) => u.id === id)!, { name }),
    deleteUser: async (id) => void rows.users.splice(rows.users.findIndex((u) => u.id === id), 1),
    updateAgent: async (id, input) => {
      const a = rows.agents.find((x) => x.id === id)!
      if (input.name && clash(input.name, id)) throw new ApiError(`An agent named "${input.name}" exists already.`, { status: 409, code: 'already_exists', param: 'name' })
      Object.assign(a, { ...input, ...(input.system_prompt !== undefined ? { system_prompt: input.system_prompt } : {}) })
      return a
    },
  }
  const local: LocalModelsApi = {
    localModels: async () => structuredClone(rows.localModels),
    downloadLocalModel: async (name) => {
      const m = rows.localModels.find((x) => x.name === name)!
      m.downloading = true
    },
    cancelLocalModel: async (name) => {
      rows.localModels.find((x) => x.name === name)!.downloading = false
    },
    importLocalModel: async ({ name }) => {
      rows.localModels.push({ name, kind: 'whisper', description: 'Imported model', fileName: `${name}.bin`, sizeBytes: 10, installed: { name, kind: 'whisper', path: `/m/${name}.bin`, fileName: `${name}.bin`, sizeBytes: 10, sha256: 'x', source: 'import', multilingual: null }, downloading: false, error: null })
    },
    deleteLocalModel: async (name) => {
      const m = rows.localModels.find((x) => x.name === name)
      if (m) m.installed = null
    },
    followLocalModelEvents: (onEvent, signal) =>
      new Promise<void>((resolve) => {
        listeners.add(onEvent)
        signal.addEventListener('abort', () => (listeners.delete(onEvent), resolve()))
      }),
  }
  /** What the gateway would send on its events stream. */
  const emit = (e: LocalModelEvent) => listeners.forEach((l) => l(e))
  return { manage, local, emit, listenerCount: () => listeners.size }
}
