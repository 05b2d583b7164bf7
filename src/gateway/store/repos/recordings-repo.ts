import type { Db } from '../database'
import { readJson, writeJson } from './json-column'
import { containsPattern } from '../sql-dialect'

export type RecordingSource = 'microphone' | 'upload' | 'speech'
export type RecordingState = 'recording' | 'interrupted' | 'complete'

export interface RecordingRow {
  id: string
  title: string
  source: RecordingSource
  state: RecordingState
  contentType: string
  filename: string | null
  /** PCM recordings: samples a second. */
  sampleRate: number | null
  /** Acknowledged bytes: a file may hold more after a crash, never less. */
  bytes: number
  /** Acknowledged chunks: the next chunk to send is number `chunks`. */
  chunks: number
  duration: number | null
  transcript: Record<string, unknown> | null
  /** The owning team; null: the owner's (what the app records). */
  teamId: string | null
  createdAt: number
  updatedAt: number
}

/** What is kept of an acknowledged chunk: enough to tell a resend from a changed chunk. */
export interface RecordingChunk {
  bytes: number
  sha256: Buffer
}

interface Raw {
  id: string
  title: string
  source: RecordingSource
  state: RecordingState
  content_type: string
  filename: string | null
  sample_rate: number | null
  bytes: number
  chunks: number
  duration: number | null
  transcript: string | null
  team_id: string | null
  created_at: number
  updated_at: number
}

const toRow = (r: Raw): RecordingRow => ({
  id: r.id,
  title: r.title,
  source: r.source,
  state: r.state,
  contentType: r.content_type,
  filename: r.filename,
  sampleRate: r.sample_rate,
  bytes: r.bytes,
  chunks: r.chunks,
  duration: r.duration,
  transcript: readJson(r.transcript, null),
  teamId: r.team_id,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

/** Lower-cased title and transcript text: what search looks in. */
const searchText = (title: string, transcript: Record<string, unknown> | null) => `${title}\n${typeof transcript?.text === 'string' ? transcript.text : ''}`.toLowerCase()

export type RecordingsRepo = ReturnType<typeof createRecordingsRepo>

export function createRecordingsRepo(db: Db) {
  const insertStmt = db.prepare(`
    INSERT INTO recordings (id, title, source, state, content_type, filename, sample_rate, bytes, chunks, duration, transcript, search_text, team_id, created_at, updated_at)
    VALUES (@id, @title, @source, @state, @contentType, @filename, @sampleRate, @bytes, @chunks, @duration, @transcript, @searchText, @teamId, @createdAt, @updatedAt)`)
  const getStmt = db.prepare('SELECT * FROM recordings WHERE id = ?')
  const listStmt = db.prepare(`
    SELECT * FROM recordings
    WHERE (@query = '' OR search_text LIKE @pattern ESCAPE '\\') AND (CAST(@source AS TEXT) IS NULL OR source = @source) AND (@anyTeam = 1 OR team_id = @teamId)
    ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`)
  const appendStmt = db.prepare(`UPDATE recordings SET bytes = @bytes, chunks = @chunks, duration = @duration, state = 'recording', updated_at = @now WHERE id = @id AND chunks = @expected`)
  const updateStmt = db.prepare(`
    UPDATE recordings SET title = @title, state = @state, duration = @duration, transcript = @transcript, search_text = @searchText, team_id = @teamId, updated_at = @now WHERE id = @id`)
  const insertChunkStmt = db.prepare('INSERT INTO recording_chunks (recording_id, seq, bytes, sha256) VALUES (@id, @seq, @bytes, @sha256)')
  const chunkStmt = db.prepare('SELECT bytes, sha256 FROM recording_chunks WHERE recording_id = ? AND seq = ?')
  const commitChunkTx = db.transaction((c: { id: string; expected: number; bytes: number; duration: number; now: number; chunk: { bytes: number; sha256: Buffer } }): boolean => {
    if (appendStmt.run({ id: c.id, expected: c.expected, bytes: c.bytes, chunks: c.expected + 1, duration: c.duration, now: c.now }).changes === 0) return false
    insertChunkStmt.run({ id: c.id, seq: c.expected, bytes: c.chunk.bytes, sha256: c.chunk.sha256 })
    return true
  })
  const interruptStmt = db.prepare(`UPDATE recordings SET state = 'interrupted' WHERE state = 'recording'`)
  const deleteStmt = db.prepare('DELETE FROM recordings WHERE id = ?')
  const existsStmt = db.prepare('SELECT 1 FROM recordings WHERE id = ?').pluck()
  const unindexedStmt = db.prepare('SELECT * FROM recordings r WHERE transcript IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rag_documents d WHERE d.recording_id = r.id)')

  return {
    insert(row: RecordingRow): void {
      insertStmt.run({ ...row, transcript: row.transcript ? writeJson(row.transcript) : null, searchText: searchText(row.title, row.transcript) })
    },
    get(id: string): RecordingRow | undefined {
      const r = getStmt.get(id) as Raw | undefined
      return r && toRow(r)
    },
    /** Newest first; `query` matches title and transcript text, case-insensitively; `teamId`: only that team's. */
    list(opts: { query?: string; source?: RecordingSource; teamId?: string; limit: number; offset: number }): RecordingRow[] {
      const query = (opts.query ?? '').toLowerCase()
      const rows = listStmt.all({ query, pattern: containsPattern(query), source: opts.source ?? null, anyTeam: opts.teamId === undefined ? 1 : 0, teamId: opts.teamId ?? null, limit: opts.limit, offset: opts.offset }) as Raw[]
      return rows.map(toRow)
    },
    /**
     * Commits chunk `expected` (its length and digest kept, for resends) with the recording's new
     * totals; false when another append got there first (the chunk count moved).
     */
    commitChunk(id: string, expected: number, totals: { bytes: number; duration: number }, chunk: RecordingChunk, now: number): boolean {
      return commitChunkTx({ id, expected, ...totals, now, chunk })
    },
    /** An acknowledged chunk's length and digest; undefined for one acknowledged before they were kept. */
    chunk(id: string, seq: number): RecordingChunk | undefined {
      return chunkStmt.get(id, seq) as RecordingChunk | undefined
    },
    update(row: RecordingRow, now: number): void {
      updateStmt.run({ id: row.id, title: row.title, state: row.state, duration: row.duration, transcript: row.transcript ? writeJson(row.transcript) : null, searchText: searchText(row.title, row.transcript), teamId: row.teamId, now })
    },
    /** Start-up: a recording still being made when the gateway stopped was interrupted. */
    markInterrupted(): number {
      return interruptStmt.run().changes
    },
    delete(id: string): boolean {
      return deleteStmt.run(id).changes > 0
    },
    /** Recordings with a transcript that no collection holds yet (transcribed before they were indexed). */
    unindexed: (): RecordingRow[] => (unindexedStmt.all() as Raw[]).map(toRow),
    exists(id: string): boolean {
      return existsStmt.get(id) !== undefined
    },
  }
}
