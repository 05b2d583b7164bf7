/** The admin API's MCP servers (`/admin/mcp-servers`), shared by the gateway and the renderer. */

export interface McpServerTeamInfo {
  team_id: string
  team_name: string
  /** The only tools the team may call; null: all of them. */
  allowed_tools: string[] | null
}

export interface McpServerInfo {
  id: string
  object: 'mcp_server'
  label: string
  transport: 'stdio' | 'http'
  command: string | null
  args: string[]
  url: string | null
  /** Names of the environment variables set for a stdio server; their values are sealed and never shown. */
  env_keys: string[]
  /** Names of the headers sent to an HTTP server; their values are sealed and never shown. */
  header_names: string[]
  /** Seconds one tool call may take. */
  timeout: number
  teams: McpServerTeamInfo[]
  /** `config`: from the config file, changed there only; `admin`: made through this API. */
  source: 'config' | 'admin'
  /** Whether the gateway is connected to it now (a stdio server's process is running). */
  running: boolean
}

export interface McpServerTeamInput {
  /** A team's name or id. */
  team: string
  allowed_tools?: string[] | null
}

export interface McpServerInput {
  label: string
  command?: string
  args?: string[]
  env?: Record<string, string>
  url?: string
  headers?: Record<string, string>
  timeout?: number
  teams?: McpServerTeamInput[]
}

export type McpServerPatch = Partial<McpServerInput>

export interface McpToolInfo {
  name: string
  title?: string
  description?: string
  input_schema: Record<string, unknown>
}

export interface McpProbeResult {
  id: string
  label: string
  tools: McpToolInfo[]
}

/** The MCP servers a team may put on a request, with their tools (`GET /v1/mcp/servers`... see README). */
export interface TeamMcpServer {
  label: string
  tools: McpToolInfo[]
  error?: string
}
