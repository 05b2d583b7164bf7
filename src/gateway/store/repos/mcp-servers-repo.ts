import type { Db } from '../database'
import { readJson, writeJson } from './json-column'

export interface McpServerTeamRow {
  teamId: string
  /** The only tools the team may call; null: all of them. */
  allowedTools: string[] | null
}

/** An MCP server registered through the admin API (config ones are read from the config file). */
export interface McpServerRow {
  id: string
  label: string
  transport: 'stdio' | 'http'
  command: string | null
  args: string[]
  url: string | null
  /** `{env, headers}` sealed with the SecretCipher, like provider keys; never returned by the admin API. */
  secrets: Buffer | null
  timeoutMs: number | null
  teams: McpServerTeamRow[]
  createdAt: number
  updatedAt: number
}

interface Raw {
  id: string
  label: string
  transport: 'stdio' | 'http'
  command: string | null
  args: string
  url: string | null
  secrets: Buffer | null
  timeout_ms: number | null
  created_at: number
  updated_at: number
}

export type McpServersRepo = ReturnType<typeof createMcpServersRepo>

export function createMcpServersRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO mcp_servers (id, label, transport, command, args, url, secrets, timeout_ms, created_at, updated_at)
    VALUES (@id, @label, @transport, @command, @args, @url, @secrets, @timeoutMs, @now, @now)
    ON CONFLICT(id) DO UPDATE SET label = @label, transport = @transport, command = @command, args = @args, url = @url,
      secrets = @secrets, timeout_ms = @timeoutMs, updated_at = @now`)
  const listStmt = db.prepare('SELECT * FROM mcp_servers ORDER BY label')
  const getStmt = db.prepare('SELECT * FROM mcp_servers WHERE id = ?')
  const deleteStmt = db.prepare('DELETE FROM mcp_servers WHERE id = ?')
  const teamsStmt = db.prepare('SELECT team_id, allowed_tools FROM mcp_server_teams WHERE server_id = ? ORDER BY team_id')
  const clearTeamsStmt = db.prepare('DELETE FROM mcp_server_teams WHERE server_id = ?')
  const addTeamStmt = db.prepare('INSERT INTO mcp_server_teams (server_id, team_id, allowed_tools) VALUES (@serverId, @teamId, @allowedTools)')

  const toRow = (r: Raw): McpServerRow => ({
    id: r.id,
    label: r.label,
    transport: r.transport,
    command: r.command,
    args: readJson(r.args, []),
    url: r.url,
    secrets: r.secrets,
    timeoutMs: r.timeout_ms,
    teams: (teamsStmt.all(r.id) as Array<{ team_id: string; allowed_tools: string | null }>).map((t) => ({ teamId: t.team_id, allowedTools: readJson(t.allowed_tools, null) })),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  })

  const save = db.transaction((row: Omit<McpServerRow, 'createdAt' | 'updatedAt'>, now: number) => {
    upsertStmt.run({ ...row, args: writeJson(row.args), now })
    clearTeamsStmt.run(row.id)
    for (const t of row.teams) addTeamStmt.run({ serverId: row.id, teamId: t.teamId, allowedTools: t.allowedTools ? writeJson(t.allowedTools) : null })
  })

  return {
    /** Inserts or replaces a server with its teams, in one transaction. */
    save(row: Omit<McpServerRow, 'createdAt' | 'updatedAt'>, now: number): McpServerRow {
      save(row, now)
      return this.get(row.id)!
    },
    get(id: string): McpServerRow | undefined {
      const r = getStmt.get(id) as Raw | undefined
      return r && toRow(r)
    },
    list: (): McpServerRow[] => (listStmt.all() as Raw[]).map(toRow),
    delete: (id: string): boolean => deleteStmt.run(id).changes > 0,
  }
}
