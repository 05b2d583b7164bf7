import type { Migration } from './index'

/**
 * A recording's summary (title, summary, action items) as the chat model it was asked of wrote it; a new
 * summary replaces the last. `usage_id` is the usage row that billed it.
 */
export const recordingSummaries: Migration = {
  version: 35,
  name: 'recording-summaries',
  sql: /* sql */ `
    CREATE TABLE recording_summaries (
      recording_id  TEXT PRIMARY KEY REFERENCES recordings(id) ON DELETE CASCADE,
      model         TEXT NOT NULL,
      title         TEXT NOT NULL,
      summary       TEXT NOT NULL,
      action_items  TEXT NOT NULL,
      usage_id      TEXT,
      created_at    INTEGER NOT NULL
    );
  `,
}
