import { messageOf } from '../api/api-error'
import type { McpProbeResult, McpServerInfo, McpServerInput, TeamMcpServer } from '../../../shared/mcp-wire'
import { listLoader, missingOrError } from './list-state'
import { newestReads } from './newest-read'
import type { LoadStatus, SliceCreator } from './store-types'
import { writesInOrder } from './writes-in-order'

export interface McpSlice {
  mcpServers: { status: LoadStatus; error: string | null; list: McpServerInfo[] }
  /** The last test of each server: its tools, or why it could not be reached. */
  mcpProbes: Record<string, { tools: McpProbeResult['tools'] } | { error: string }>
  /** The servers the playground's team may use, with their tools. */
  teamMcpTools: { status: LoadStatus; error: string | null; teamId: string | null; list: TeamMcpServer[] }
  loadMcpServers(): Promise<void>
  createMcpServer(input: McpServerInput): Promise<McpServerInfo>
  /** Whether a team may use a server (all its tools), shown at once; clicks faster than the gateway answers are saved in order. */
  setMcpServerTeam(serverId: string, team: { id: string; name: string }, enabled: boolean): Promise<void>
  deleteMcpServer(id: string): Promise<void>
  probeMcpServer(id: string): Promise<void>
  loadTeamMcpTools(teamId: string): Promise<void>
}

/** MCP servers through the admin API: Settings registers, tests and enables them; the playground offers a team's. */
export const createMcpSlice: SliceCreator<McpSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<McpSlice['mcpServers']>) => set((s) => ({ mcpServers: { ...s.mcpServers, ...p } }))
  // A team picked while another's tools are on their way: only the newest team's are shown.
  const beginTeamToolsRead = newestReads()
  const beginServersRead = newestReads()
  const saveServer = writesInOrder()
  return {
    mcpServers: { status: 'idle', error: null, list: [] },
    mcpProbes: {},
    teamMcpTools: { status: 'idle', error: null, teamId: null, list: [] },
    loadMcpServers: listLoader(() => get().mcpServers, patch, () => api.mcpServers(), missingOrError, beginServersRead),
    async createMcpServer(input) {
      const created = await api.createMcpServer(input)
      await get().loadMcpServers()
      return created
    },
    async setMcpServerTeam(serverId, team, enabled) {
      const server = get().mcpServers.list.find((s) => s.id === serverId)
      if (!server) return
      const others = server.teams.filter((t) => t.team_id !== team.id)
      const teams = enabled ? [...others, { team_id: team.id, team_name: team.name, allowed_tools: null }] : others
      // A read begun before this change would show the server's teams as they were.
      beginServersRead()
      patch({ list: get().mcpServers.list.map((s) => (s.id === serverId ? { ...s, teams } : s)) })
      const body = teams.map((t) => ({ team: t.team_id, allowed_tools: t.allowed_tools }))
      await saveServer(serverId, () => api.updateMcpServer(serverId, { teams: body }), () => get().loadMcpServers())
    },
    async deleteMcpServer(id) {
      await api.deleteMcpServer(id)
      await get().loadMcpServers()
    },
    async probeMcpServer(id) {
      try {
        const { tools } = await api.probeMcpServer(id)
        set((s) => ({ mcpProbes: { ...s.mcpProbes, [id]: { tools } } }))
      } catch (e) {
        set((s) => ({ mcpProbes: { ...s.mcpProbes, [id]: { error: messageOf(e) } } }))
      }
    },
    async loadTeamMcpTools(teamId) {
      const isNewest = beginTeamToolsRead()
      set((s) => ({ teamMcpTools: { ...s.teamMcpTools, teamId, status: 'loading', error: null } }))
      try {
        const list = await api.teamMcpTools(teamId)
        if (isNewest()) set({ teamMcpTools: { status: 'ready', error: null, teamId, list } })
      } catch (e) {
        if (isNewest()) set((s) => ({ teamMcpTools: { ...s.teamMcpTools, status: missingOrError(e), error: messageOf(e) } }))
      }
    },
  }
}
