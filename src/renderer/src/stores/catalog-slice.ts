import { ApiError, messageOf } from '../api/api-error'
import type { Agent, AgentInput, ModelInfo, ProviderInfo, TeamInfo, UserInfo } from '../../../shared/admin-wire'
import { newestReads } from './newest-read'
import type { LoadStatus, SliceCreator } from './store-types'

export interface Catalog {
  status: LoadStatus
  error: string | null
  models: ModelInfo[]
  providers: ProviderInfo[]
  teams: TeamInfo[]
  users: UserInfo[]
  agents: Agent[]
  /** False while the gateway has no /admin/agents route. */
  agentsAvailable: boolean
}

export interface CatalogSlice {
  catalog: Catalog
  loadCatalog(): Promise<void>
  /** A change to a team being saved, shown at once: a read begun before it would show the team as it was, so none is shown. */
  showTeamChange(id: string, change: Partial<TeamInfo>): void
  createAgent(input: AgentInput): Promise<Agent>
  deleteAgent(id: string): Promise<void>
}

/** Models, providers, teams, users and agents: what pickers and tables choose from. */
export const createCatalogSlice: SliceCreator<CatalogSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<Catalog>) => set((s) => ({ catalog: { ...s.catalog, ...p } }))
  const beginRead = newestReads()
  const loadAgents = async (isNewest: () => boolean) => {
    try {
      const agents = await api.agents()
      if (isNewest()) patch({ agents, agentsAvailable: true })
    } catch (e) {
      if (e instanceof ApiError && e.isMissingEndpoint) patch({ agents: [], agentsAvailable: false })
      else throw e
    }
  }
  return {
    catalog: { status: 'idle', error: null, models: [], providers: [], teams: [], users: [], agents: [], agentsAvailable: true },
    async loadCatalog() {
      const isNewest = beginRead()
      patch({ status: get().catalog.status === 'ready' ? 'ready' : 'loading', error: null })
      try {
        const [models, providers, teams, users] = await Promise.all([api.models(), api.providers(), api.teams(), api.users()])
        if (!isNewest()) return
        patch({ models, providers, teams, users })
        await loadAgents(isNewest)
        if (isNewest()) patch({ status: 'ready' })
      } catch (e) {
        if (isNewest()) patch({ status: 'error', error: messageOf(e) })
      }
    },
    showTeamChange(id, change) {
      beginRead()
      patch({ teams: get().catalog.teams.map((t) => (t.id === id ? { ...t, ...change } : t)) })
    },
    async createAgent(input) {
      const agent = await api.createAgent(input)
      patch({ agents: [...get().catalog.agents, agent].sort((a, b) => a.name.localeCompare(b.name)), agentsAvailable: true })
      return agent
    },
    async deleteAgent(id) {
      await api.deleteAgent(id)
      patch({ agents: get().catalog.agents.filter((a) => a.id !== id) })
    },
  }
}
