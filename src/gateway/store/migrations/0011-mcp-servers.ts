import type { Migration } from './index'

/**
 * MCP both ways (issue 25): the MCP servers the owner registers through the admin API (config ones
 * live in the config file), sealed env and headers like provider keys, and the teams each is enabled
 * for with an optional tool allow-list; and a collection's owning team, so the gateway's own MCP
 * server shows a team its collections and the shared ones (no team) only.
 */
export const mcpServers: Migration = {
  version: 11,
  name: 'mcp-servers',
  sql: /* sql */ `
    CREATE TABLE mcp_servers (
      id            TEXT PRIMARY KEY,
      label         TEXT NOT NULL UNIQUE,
      transport     TEXT NOT NULL CHECK (transport IN ('stdio', 'http')),
      command       TEXT,
      args          TEXT NOT NULL DEFAULT '[]',
      url           TEXT,
      secrets       BLOB,
      timeout_ms    INTEGER,
      created_at    INTEGER NOT NULL,
      updated_at    INTEGER NOT NULL
    );

    CREATE TABLE mcp_server_teams (
      server_id     TEXT NOT NULL REFERENCES mcp_servers(id) ON DELETE CASCADE,
      team_id       TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      allowed_tools TEXT,
      PRIMARY KEY (server_id, team_id)
    );

    ALTER TABLE rag_collections ADD COLUMN team_id TEXT REFERENCES teams(id) ON DELETE CASCADE;
  `,
}
