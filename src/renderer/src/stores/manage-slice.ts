import { messageOf } from '../api/api-error'
import type { AgentInput, ModelInput, ModelPricing, ProviderInput, ProviderProbe } from '../../../shared/admin-wire'
import type { SliceCreator } from './store-types'
import { writesInOrder } from './writes-in-order'
import type { AuditFilters, GovernanceApi, LimitsPatch } from '../api/governance-api'
import type { BudgetInfo } from '../../../shared/admin-wire'

/** One upstream model picked in the add-provider flow: its id there, the name clients use here, its prices. */
export interface PickedModel {
  upstream: string
  name: string
  pricing: ModelPricing
}

export interface AddProviderResult {
  created: string[]
  /** Models that could not be added, with the gateway's reason (a name already taken, say). */
  failed: { name: string; error: string }[]
}

export interface ManageSlice {
  probeNewProvider(input: { type: 'openai' | 'anthropic'; base_url: string | null; api_key: string | null }): Promise<ProviderProbe>
  probeProvider(id: string): Promise<ProviderProbe>
  /** Saves the provider, then each picked model on it, and enables them for the playground's team when it lists its models. */
  addProvider(input: ProviderInput, models: PickedModel[]): Promise<AddProviderResult>
  updateProvider(id: string, patch: Partial<Omit<ProviderInput, 'id'>>): Promise<void>
  deleteProvider(id: string): Promise<void>
  addModel(input: ModelInput): Promise<void>
  updateModel(id: string, patch: Partial<ModelInput>): Promise<void>
  deleteModel(id: string): Promise<void>
  /** Whether a team may call a model: its `models` list, or every model when it has none. */
  setModelEnabled(teamId: string, modelName: string, enabled: boolean): Promise<void>
  updateAgent(id: string, input: Partial<AgentInput>): Promise<void>
  createTeam(name: string): Promise<void>
  renameTeam(id: string, name: string): Promise<void>
  deleteTeam(id: string): Promise<void>
  createUser(name: string, teamId: string): Promise<void>
  renameUser(id: string, name: string): Promise<void>
  deleteUser(id: string): Promise<void>
  /** Rate limits and budget of a team, user or key (a team's data policy too), then the rows read again. */
  setLimits(scope: 'team' | 'user' | 'key', id: string, patch: LimitsPatch): Promise<void>
  /** Each budget and what its current period spent (read on demand, for the Usage page). */
  fetchBudgets(): Promise<BudgetInfo[]>
  /** A page of the admin audit log, newest first, and its export. */
  fetchAudit(filters: AuditFilters, page: { after?: string; limit: number }): ReturnType<GovernanceApi['audit']>
  exportAudit(filters: AuditFilters, format: 'csv' | 'jsonl'): Promise<Blob>
  /** A copy under a free name ("name-copy", "name-copy-2", …). */
  duplicateAgent(id: string): Promise<void>
}

/** Changes to providers, models, team access and agents through the admin API; the catalog is read again after each. */
export const createManageSlice: SliceCreator<ManageSlice> = ({ api }) => (_set, get) => {
  const reload = () => get().loadCatalog()
  const saveTeam = writesInOrder()
  /** An admin call, then the catalog read again so every page shows the change. */
  const thenReload = <A extends unknown[]>(call: (...args: A) => Promise<unknown>) => async (...args: A) => {
    await call(...args)
    await reload()
  }
  const playgroundTeam = () => {
    const { teams } = get().catalog
    return teams.find((t) => t.id === get().access.teamId) ?? teams.find((t) => t.name === 'default') ?? teams[0]
  }
  return {
    probeNewProvider: (input) => api.probeProvider(input),
    probeProvider: (id) => api.probeSavedProvider(id),
    async addProvider(input, models) {
      await api.createProvider(input)
      const result: AddProviderResult = { created: [], failed: [] }
      for (const m of models) {
        try {
          await api.createModel({ name: m.name, provider: input.id, upstream: m.upstream, pricing: m.pricing })
          result.created.push(m.name)
        } catch (e) {
          result.failed.push({ name: m.name, error: messageOf(e) })
        }
      }
      const team = playgroundTeam()
      if (team?.models && team.source === 'admin' && result.created.length) {
        await api.updateTeam(team.id, { models: [...team.models, ...result.created] })
      }
      await reload()
      return result
    },
    updateProvider: thenReload(api.updateProvider),
    deleteProvider: thenReload(api.deleteProvider),
    addModel: thenReload(api.createModel),
    updateModel: thenReload(api.updateModel),
    deleteModel: thenReload(api.deleteModel),
    async setModelEnabled(teamId, modelName, enabled) {
      const team = get().catalog.teams.find((t) => t.id === teamId)
      if (!team) return
      const all = get().catalog.models.map((m) => m.name)
      const current = team.models ?? all
      const next = enabled ? [...new Set([...current, modelName])] : current.filter((n) => n !== modelName)
      // Every model enabled again is written as "all models", so models added later are enabled too.
      const models = all.every((n) => next.includes(n)) ? null : next
      // The box follows the click at once; a second click, before the gateway has answered the first, builds on it.
      get().showTeamChange(teamId, { models })
      await saveTeam(teamId, () => api.updateTeam(teamId, { models }), reload)
    },
    updateAgent: thenReload(api.updateAgent),
    createTeam: thenReload((name: string) => api.createTeam({ name })),
    renameTeam: thenReload((id: string, name: string) => api.updateTeam(id, { name })),
    deleteTeam: thenReload(api.deleteTeam),
    createUser: thenReload((name: string, teamId: string) => api.createUser({ name, team_id: teamId })),
    renameUser: thenReload(api.renameUser),
    deleteUser: thenReload(api.deleteUser),
    async setLimits(scope, id, patch) {
      if (scope === 'key') {
        await api.setKeyLimits(id, patch)
        return get().loadKeys()
      }
      await (scope === 'team' ? api.setTeamLimits(id, patch) : api.setUserLimits(id, patch))
      await reload()
    },
    fetchBudgets: () => api.budgets(),
    fetchAudit: (filters, page) => api.audit(filters, page),
    exportAudit: (filters, format) => api.auditExport(filters, format),
    async duplicateAgent(id) {
      const agent = get().catalog.agents.find((a) => a.id === id)
      if (!agent) return
      const taken = new Set([...get().catalog.agents.map((a) => a.name), ...get().catalog.models.flatMap((m) => [m.name, ...m.aliases])])
      let name = `${agent.name}-copy`
      for (let i = 2; taken.has(name); i++) name = `${agent.name}-copy-${i}`
      await get().createAgent({ name, model: agent.model, system_prompt: agent.system_prompt, params: agent.params, tools: agent.tools })
    },
  }
}
