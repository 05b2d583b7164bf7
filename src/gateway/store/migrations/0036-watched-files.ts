import type { Migration } from './index'

/**
 * Files of the watch folders (audio.watch_folders) and what became of them: a file is transcribed once
 * for its size, modification time and SHA-256; a restart finds it here and leaves it, a file changed
 * later (another digest) is transcribed again. `state`: queued, transcribing, done or failed.
 */
export const watchedFiles: Migration = {
  version: 36,
  name: 'watched-files',
  sql: /* sql */ `
    CREATE TABLE watched_files (
      path          TEXT PRIMARY KEY,
      folder        TEXT NOT NULL,
      size          INTEGER NOT NULL,
      mtime_ms      INTEGER NOT NULL,
      sha256        TEXT NOT NULL,
      state         TEXT NOT NULL CHECK (state IN ('queued', 'transcribing', 'done', 'failed')),
      recording_id  TEXT REFERENCES recordings(id) ON DELETE SET NULL,
      error         TEXT,
      updated_at    INTEGER NOT NULL
    );
  `,
}
