import type { Db } from '../database'

export type WatchedFileState = 'queued' | 'transcribing' | 'done' | 'failed'

export interface WatchedFileRow {
  path: string
  folder: string
  size: number
  mtimeMs: number
  sha256: string
  state: WatchedFileState
  recordingId: string | null
  error: string | null
  updatedAt: number
}

interface Raw {
  path: string
  folder: string
  size: number
  mtime_ms: number
  sha256: string
  state: WatchedFileState
  recording_id: string | null
  error: string | null
  updated_at: number
}

const toRow = (r: Raw): WatchedFileRow => ({ path: r.path, folder: r.folder, size: r.size, mtimeMs: r.mtime_ms, sha256: r.sha256, state: r.state, recordingId: r.recording_id, error: r.error, updatedAt: r.updated_at })

export type WatchedFilesRepo = ReturnType<typeof createWatchedFilesRepo>

/** What became of each file seen in a watch folder, so a restart does not transcribe it again. */
export function createWatchedFilesRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO watched_files (path, folder, size, mtime_ms, sha256, state, recording_id, error, updated_at)
    VALUES (@path, @folder, @size, @mtimeMs, @sha256, @state, @recordingId, @error, @updatedAt)
    ON CONFLICT (path) DO UPDATE SET folder = excluded.folder, size = excluded.size, mtime_ms = excluded.mtime_ms, sha256 = excluded.sha256,
      state = excluded.state, recording_id = excluded.recording_id, error = excluded.error, updated_at = excluded.updated_at`)
  const getStmt = db.prepare('SELECT * FROM watched_files WHERE path = ?')
  const listStmt = db.prepare('SELECT * FROM watched_files ORDER BY updated_at DESC, path LIMIT ?')
  const requeueStmt = db.prepare(`UPDATE watched_files SET state = 'queued' WHERE state = 'transcribing'`)

  return {
    put: (row: WatchedFileRow) => void upsertStmt.run(row),
    get(path: string): WatchedFileRow | undefined {
      const r = getStmt.get(path) as Raw | undefined
      return r && toRow(r)
    },
    list: (limit: number): WatchedFileRow[] => (listStmt.all(limit) as Raw[]).map(toRow),
    /** Start-up: a transcription cut off by the stop runs again. */
    requeueInterrupted: (): number => requeueStmt.run().changes,
  }
}
