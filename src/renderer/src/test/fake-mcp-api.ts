import type { McpServerInfo } from '../../../shared/mcp-wire'
import type { McpApi } from '../api/mcp-api'

/** The MCP servers' admin API in memory: servers made here list one tool, `echo`. */
export function fakeMcpApi(): McpApi {
  const servers: McpServerInfo[] = []
  let n = 0
  const echo = { name: 'echo', description: 'Echoes back the input string', input_schema: { type: 'object' } }
  const teamsOf = (teams: Array<{ team: string; allowed_tools?: string[] | null }> = []) => teams.map((t) => ({ team_id: t.team, team_name: t.team, allowed_tools: t.allowed_tools ?? null }))
  return {
    mcpServers: async () => servers.map((s) => ({ ...s })),
    async createMcpServer(input) {
      const row: McpServerInfo = { id: `mcp-${++n}`, object: 'mcp_server', label: input.label, transport: input.url ? 'http' : 'stdio', command: input.command ?? null, args: input.args ?? [], url: input.url ?? null, env_keys: Object.keys(input.env ?? {}), header_names: Object.keys(input.headers ?? {}), timeout: input.timeout ?? 60, teams: teamsOf(input.teams), source: 'admin', running: false }
      servers.push(row)
      return row
    },
    async updateMcpServer(id, patch) {
      const row = servers.find((s) => s.id === id)!
      if (patch.teams) row.teams = teamsOf(patch.teams)
      return row
    },
    deleteMcpServer: async (id) => void servers.splice(servers.findIndex((s) => s.id === id), 1),
    probeMcpServer: async (id) => ({ id, label: servers.find((s) => s.id === id)!.label, tools: [echo] }),
    teamMcpTools: async (teamId) => servers.filter((s) => s.teams.some((t) => t.team_id === teamId)).map((s) => ({ label: s.label, tools: [echo] })),
  }
}
