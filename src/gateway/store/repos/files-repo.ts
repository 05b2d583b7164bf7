import type { Db } from '../database'

/** `vision` and `user_data` uploads are images and documents for the OCR tool. */
export type FilePurpose = 'batch' | 'batch_output' | 'vision' | 'user_data'

export interface FileRow {
  id: string
  teamId: string
  filename: string
  purpose: FilePurpose
  bytes: number
  /** Unix seconds. */
  createdAt: number
  /** Unix seconds. */
  expiresAt: number
}

interface Raw {
  id: string
  team_id: string
  filename: string
  purpose: FilePurpose
  bytes: number
  created_at: number
  expires_at: number
}

const toRow = (r: Raw): FileRow => ({
  id: r.id,
  teamId: r.team_id,
  filename: r.filename,
  purpose: r.purpose,
  bytes: r.bytes,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
})

export interface FilePageQuery {
  teamId: string
  /** Unix seconds: files that expired by then are left out. */
  now: number
  purpose: FilePurpose | null
  order: 'asc' | 'desc'
  /** The position to continue after: the (created_at, id) of the last file seen. */
  after: { createdAt: number; id: string } | null
  limit: number
}

export type FilesRepo = ReturnType<typeof createFilesRepo>

export function createFilesRepo(db: Db) {
  const insertStmt = db.prepare(`
    INSERT INTO files (id, team_id, filename, purpose, bytes, created_at, expires_at)
    VALUES (@id, @teamId, @filename, @purpose, @bytes, @createdAt, @expiresAt)`)
  const getStmt = db.prepare('SELECT * FROM files WHERE id = @id AND team_id = @teamId AND expires_at > @now')
  const deleteStmt = db.prepare('DELETE FROM files WHERE id = @id AND team_id = @teamId AND expires_at > @now')
  const expiredStmt = db.prepare('SELECT id FROM files WHERE expires_at <= @now ORDER BY expires_at LIMIT @limit')
  const deleteByIdStmt = db.prepare('DELETE FROM files WHERE id = ?')
  const existsStmt = db.prepare('SELECT 1 FROM files WHERE id = ?').pluck()

  // (created_at, id) is a total order, so a page that starts strictly after the last row seen never
  // skips or repeats a file, even when many share one second or the cursor's own file is gone.
  const filter = 'team_id = @teamId AND expires_at > @now AND (CAST(@purpose AS TEXT) IS NULL OR purpose = @purpose)'
  const pageStmts = {
    asc: db.prepare(`SELECT * FROM files WHERE ${filter} ORDER BY created_at, id LIMIT @limit`),
    desc: db.prepare(`SELECT * FROM files WHERE ${filter} ORDER BY created_at DESC, id DESC LIMIT @limit`),
    ascAfter: db.prepare(
      `SELECT * FROM files WHERE ${filter} AND (created_at, id) > (@afterCreatedAt, @afterId) ORDER BY created_at, id LIMIT @limit`,
    ),
    descAfter: db.prepare(
      `SELECT * FROM files WHERE ${filter} AND (created_at, id) < (@afterCreatedAt, @afterId) ORDER BY created_at DESC, id DESC LIMIT @limit`,
    ),
  }

  return {
    insert(row: FileRow): void {
      insertStmt.run(row)
    },
    /** A live file of the team: unknown, deleted, expired and other teams' ids all read as undefined. */
    get(id: string, teamId: string, now: number): FileRow | undefined {
      const r = getStmt.get({ id, teamId, now }) as Raw | undefined
      return r && toRow(r)
    },
    page(q: FilePageQuery): FileRow[] {
      const params = { teamId: q.teamId, now: q.now, purpose: q.purpose, limit: q.limit }
      const rows = q.after
        ? pageStmts[q.order === 'asc' ? 'ascAfter' : 'descAfter'].all({ ...params, afterCreatedAt: q.after.createdAt, afterId: q.after.id })
        : pageStmts[q.order].all(params)
      return (rows as Raw[]).map(toRow)
    },
    /** Deletes a live file of the team; false when there was none. */
    delete(id: string, teamId: string, now: number): boolean {
      return deleteStmt.run({ id, teamId, now }).changes > 0
    },
    expiredIds(now: number, limit: number): string[] {
      return (expiredStmt.all({ now, limit }) as { id: string }[]).map((r) => r.id)
    },
    deleteById(id: string): void {
      deleteByIdStmt.run(id)
    },
    exists(id: string): boolean {
      return existsStmt.get(id) !== undefined
    },
  }
}
