import type { Migration } from './index'

/**
 * Uploaded and generated files. `created_at` and `expires_at` are Unix seconds (unlike the other
 * tables' milliseconds) because that is what the wire shows and what the list orders and pages by.
 */
export const filesSchema: Migration = {
  version: 3,
  name: 'files',
  sql: /* sql */ `
    CREATE TABLE files (
      id          TEXT PRIMARY KEY,
      team_id     TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      filename    TEXT NOT NULL,
      purpose     TEXT NOT NULL CHECK (purpose IN ('batch', 'batch_output')),
      bytes       INTEGER NOT NULL CHECK (bytes >= 0),
      created_at  INTEGER NOT NULL,
      expires_at  INTEGER NOT NULL
    );
    CREATE INDEX files_team_order ON files(team_id, created_at, id);
    CREATE INDEX files_expiry ON files(expires_at);
  `,
}
