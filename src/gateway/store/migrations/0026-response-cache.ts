import type { Migration } from './index'

/**
 * The response cache (issue 27): answers kept by the hash of their normalized request, the team's id
 * in it, until `expires_at` (ms); in the store, so instances sharing a PostgreSQL store share it.
 * A hit's usage row says so (`cache_hit`), and a team may turn caching on for all its requests
 * (`teams.cache_ttl`, seconds; null: only requests that ask). Portable SQL: SQLite and PostgreSQL.
 */
export const responseCache: Migration = {
  version: 26,
  name: 'response-cache',
  sql: /* sql */ `
    CREATE TABLE response_cache (
      cache_key TEXT PRIMARY KEY,
      team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      endpoint TEXT NOT NULL,
      model_id TEXT,
      model_name TEXT,
      served_model_id TEXT,
      content_type TEXT NOT NULL,
      stream INTEGER NOT NULL,
      body BLOB NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX response_cache_expires ON response_cache(expires_at);
    ALTER TABLE usage_log ADD COLUMN cache_hit INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE teams ADD COLUMN cache_ttl INTEGER;
  `,
}
