import type { Migration } from './index'

/**
 * Recordings in the "Recordings" collection: a recording's transcript is one document of it, and each
 * chunk keeps the seconds of the recording it spans, so a search hit can play from the moment it was
 * said. The document goes with its recording (ON DELETE CASCADE), and its chunks with the document.
 */
export const recordingIndex: Migration = {
  version: 34,
  name: 'recording-index',
  sql: /* sql */ `
    ALTER TABLE rag_documents ADD COLUMN recording_id TEXT REFERENCES recordings(id) ON DELETE CASCADE;
    CREATE INDEX rag_documents_recording ON rag_documents(recording_id);
    ALTER TABLE rag_chunks ADD COLUMN start_seconds REAL;
    ALTER TABLE rag_chunks ADD COLUMN end_seconds REAL;
  `,
}
