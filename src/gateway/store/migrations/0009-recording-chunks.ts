import type { Migration } from './index'

/**
 * Each acknowledged chunk of a streamed recording, by its SHA-256: a chunk resent with the bytes it was
 * acknowledged with is answered as acknowledged, one resent with other bytes is refused, since the
 * recording already holds the first ones. Recordings streamed before this version have no rows; their
 * resent chunks are taken as acknowledged, as before.
 */
export const recordingChunks: Migration = {
  version: 9,
  name: 'recording-chunks',
  sql: /* sql */ `
    CREATE TABLE recording_chunks (
      recording_id  TEXT NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
      seq           INTEGER NOT NULL CHECK (seq >= 0),
      bytes         INTEGER NOT NULL CHECK (bytes > 0),
      sha256        BLOB NOT NULL,
      PRIMARY KEY (recording_id, seq)
    ) WITHOUT ROWID;
  `,
}
