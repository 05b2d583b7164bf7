import type { Migration } from './index'

/**
 * Corrections of a transcript's segments, kept beside the machine transcript (which `recordings.transcript`
 * still holds unchanged): a segment shows and exports its edit, and deleting the edit reverts it. A new
 * machine transcript (PATCH transcript) clears them, as they were made against the old segments.
 */
export const recordingSegmentEdits: Migration = {
  version: 33,
  name: 'recording-segment-edits',
  sql: /* sql */ `
    CREATE TABLE recording_segment_edits (
      recording_id  TEXT NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
      segment       INTEGER NOT NULL CHECK (segment >= 0),
      text          TEXT NOT NULL,
      edited_at     INTEGER NOT NULL,
      PRIMARY KEY (recording_id, segment)
    );
  `,
}
