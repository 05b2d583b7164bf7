import type { McpProbeResult, McpServerInfo, McpServerInput, McpServerPatch, TeamMcpServer } from '../../../shared/mcp-wire'
import type { Connection } from './connection'
import { requestJson } from './http'

/** The MCP servers' admin API (`/admin/mcp-servers`) and the servers a team may use. */
export interface McpApi {
  mcpServers(): Promise<McpServerInfo[]>
  createMcpServer(input: McpServerInput): Promise<McpServerInfo>
  updateMcpServer(id: string, patch: McpServerPatch): Promise<McpServerInfo>
  deleteMcpServer(id: string): Promise<void>
  /** Connects to the server and lists its tools. */
  probeMcpServer(id: string): Promise<McpProbeResult>
  teamMcpTools(teamId: string): Promise<TeamMcpServer[]>
}

export function createMcpApi(conn: Connection): McpApi {
  const enc = encodeURIComponent
  const admin = <T>(path: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET', body?: unknown) => requestJson<T>(conn, `/admin${path}`, { method, body, auth: 'admin' })
  return {
    mcpServers: () => admin<{ data: McpServerInfo[] }>('/mcp-servers').then((r) => r.data),
    createMcpServer: (input) => admin('/mcp-servers', 'POST', input),
    updateMcpServer: (id, patch) => admin(`/mcp-servers/${enc(id)}`, 'PATCH', patch),
    deleteMcpServer: async (id) => void (await admin(`/mcp-servers/${enc(id)}`, 'DELETE')),
    probeMcpServer: (id) => admin(`/mcp-servers/${enc(id)}/probe`, 'POST'),
    teamMcpTools: (teamId) => admin<{ data: TeamMcpServer[] }>(`/teams/${enc(teamId)}/mcp-tools`).then((r) => r.data),
  }
}
