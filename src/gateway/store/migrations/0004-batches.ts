import type { Migration } from './index'

/**
 * Batches and one row per input line. A line's state and its finished output line are kept here, so
 * a restart resumes with the lines still pending and writes the files from what is stored. Times are
 * Unix seconds, as on the wire.
 */
export const batchesSchema: Migration = {
  version: 4,
  name: 'batches',
  sql: /* sql */ `
    CREATE TABLE batches (
      id                   TEXT PRIMARY KEY,
      team_id              TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      key_id               TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
      endpoint             TEXT NOT NULL,
      input_file_id        TEXT NOT NULL,
      completion_window    TEXT NOT NULL,
      status               TEXT NOT NULL CHECK (status IN ('validating', 'failed', 'in_progress', 'finalizing',
                             'completed', 'expired', 'cancelling', 'cancelled')),
      output_file_id       TEXT,
      error_file_id        TEXT,
      errors               TEXT,
      metadata             TEXT,
      output_expires_after INTEGER,
      total                INTEGER NOT NULL DEFAULT 0,
      completed            INTEGER NOT NULL DEFAULT 0,
      failed               INTEGER NOT NULL DEFAULT 0,
      input_tokens         INTEGER NOT NULL DEFAULT 0,
      cached_tokens        INTEGER NOT NULL DEFAULT 0,
      output_tokens        INTEGER NOT NULL DEFAULT 0,
      reasoning_tokens     INTEGER NOT NULL DEFAULT 0,
      created_at           INTEGER NOT NULL,
      expires_at           INTEGER NOT NULL,
      in_progress_at       INTEGER,
      finalizing_at        INTEGER,
      completed_at         INTEGER,
      failed_at            INTEGER,
      expired_at           INTEGER,
      cancelling_at        INTEGER,
      cancelled_at         INTEGER
    );
    CREATE INDEX batches_team_order ON batches(team_id, created_at, id);
    CREATE INDEX batches_status ON batches(status);

    CREATE TABLE batch_lines (
      batch_id   TEXT NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
      line       INTEGER NOT NULL,
      custom_id  TEXT NOT NULL,
      body       TEXT NOT NULL,
      fallbacks  INTEGER,
      state      TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'succeeded', 'failed')),
      result     TEXT,
      PRIMARY KEY (batch_id, line)
    ) WITHOUT ROWID;
    CREATE INDEX batch_lines_state ON batch_lines(batch_id, state, line);
  `,
}
