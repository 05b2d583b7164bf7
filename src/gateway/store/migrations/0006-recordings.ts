import type { Migration } from './index'

/**
 * Recordings kept by the gateway (audio studio, speech history), and the indexes the usage page's
 * filters need. A recording streamed from a microphone is 16-bit PCM appended chunk by chunk: `bytes`
 * and `chunks` are what was acknowledged, and only that much of its file is ever read, so a chunk cut
 * short by a crash stays invisible. Times are milliseconds.
 */
export const recordings: Migration = {
  version: 6,
  name: 'recordings',
  sql: /* sql */ `
    CREATE TABLE recordings (
      id            TEXT PRIMARY KEY,
      title         TEXT NOT NULL,
      source        TEXT NOT NULL CHECK (source IN ('microphone', 'upload', 'speech')),
      state         TEXT NOT NULL CHECK (state IN ('recording', 'interrupted', 'complete')),
      content_type  TEXT NOT NULL,
      filename      TEXT,
      sample_rate   INTEGER,
      bytes         INTEGER NOT NULL DEFAULT 0 CHECK (bytes >= 0),
      chunks        INTEGER NOT NULL DEFAULT 0 CHECK (chunks >= 0),
      duration      REAL,
      transcript    TEXT,
      search_text   TEXT NOT NULL DEFAULT '',
      created_at    INTEGER NOT NULL,
      updated_at    INTEGER NOT NULL
    );
    CREATE INDEX recordings_created ON recordings(created_at DESC, id);

    CREATE INDEX usage_log_model ON usage_log(model_name, created_at);
    CREATE INDEX usage_log_key ON usage_log(key_id, created_at);
  `,
}
