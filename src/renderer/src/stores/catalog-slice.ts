import { ApiError, messageOf } from '../api/api-error'
import type { Agent, AgentInput, ModelInfo, ProviderInfo, TeamInfo, UserInfo } from '../../../shared/admin-wire'
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
  createAgent(input: AgentInput): Promise<Agent>
  deleteAgent(id: string): Promise<void>
}

/** Models, providers, teams, users and agents: what pickers and tables choose from. */
export const createCatalogSlice: SliceCreator<CatalogSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<Catalog>) => set((s) => ({ catalog: { ...s.catalog, ...p } }))
  /**
   * Reads overlap (a page's own, the one after each change, the local models' refresh), and on a slow gateway an
   * older one can answer last: only the newest read started is shown, or a model just turned off for a team would
   * show on again, and the next click on its box would turn it off once more.
   */
  let newestRead = 0
  const loadAgents = async (read: number) => {
    try {
      const agents = await api.agents()
      if (read === newestRead) patch({ agents, agentsAvailable: true })
    } catch (e) {
      if (e instanceof ApiError && e.isMissingEndpoint) patch({ agents: [], agentsAvailable: false })
      else throw e
    }
  }
  return {
    catalog: { status: 'idle', error: null, models: [], providers: [], teams: [], users: [], agents: [], agentsAvailable: true },
    async loadCatalog() {
      const read = ++newestRead
      patch({ status: get().catalog.status === 'ready' ? 'ready' : 'loading', error: null })
      try {
        const [models, providers, teams, users] = await Promise.all([api.models(), api.providers(), api.teams(), api.users()])
        if (read !== newestRead) return
        patch({ models, providers, teams, users })
        await loadAgents(read)
        if (read === newestRead) patch({ status: 'ready' })
      } catch (e) {
        if (read === newestRead) patch({ status: 'error', error: messageOf(e) })
      }
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
