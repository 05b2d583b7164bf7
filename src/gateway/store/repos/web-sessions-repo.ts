import type { Db } from '../database'

/** A browser signed in to web mode. The cookie itself is never stored, only its SHA-256. */
export interface WebSessionRow {
  id: string
  secretHash: string
  /** Which admin token it was opened under (an HMAC of it): a new token ends it. */
  tokenMark: string
  userAgent: string | null
  createdAt: number
  expiresAt: number
  lastSeenAt: number
}

interface Raw {
  id: string
  secret_hash: string
  token_mark: string
  user_agent: string | null
  created_at: number
  expires_at: number
  last_seen_at: number
}

const toRow = (r: Raw): WebSessionRow => ({
  id: r.id,
  secretHash: r.secret_hash,
  tokenMark: r.token_mark,
  userAgent: r.user_agent,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  lastSeenAt: r.last_seen_at,
})

export type WebSessionsRepo = ReturnType<typeof createWebSessionsRepo>

/**
 * Read from the database on every admin call (never cached), so a session ended by any process on the
 * data dir is refused by all of them at once.
 */
export function createWebSessionsRepo(db: Db) {
  const insertStmt = db.prepare(`
    INSERT INTO web_sessions (id, secret_hash, token_mark, user_agent, created_at, expires_at, last_seen_at)
    VALUES (@id, @secretHash, @tokenMark, @userAgent, @createdAt, @expiresAt, @lastSeenAt)`)
  const bySecretStmt = db.prepare('SELECT * FROM web_sessions WHERE secret_hash = ?')
  const listStmt = db.prepare('SELECT * FROM web_sessions WHERE token_mark = ? AND expires_at > ? ORDER BY created_at DESC, id')
  const touchStmt = db.prepare('UPDATE web_sessions SET last_seen_at = @now WHERE id = @id')
  const deleteStmt = db.prepare('DELETE FROM web_sessions WHERE id = ?')
  const deleteAllStmt = db.prepare('DELETE FROM web_sessions WHERE token_mark = ? AND expires_at > ?')
  const deleteStaleStmt = db.prepare('DELETE FROM web_sessions WHERE token_mark != ? OR expires_at <= ?')

  return {
    insert(row: WebSessionRow): void {
      insertStmt.run(row)
    },
    getBySecretHash(hash: string): WebSessionRow | undefined {
      const r = bySecretStmt.get(hash) as Raw | undefined
      return r && toRow(r)
    },
    /** The live sessions of the current token, newest first. */
    list(tokenMark: string, now: number): WebSessionRow[] {
      return (listStmt.all(tokenMark, now) as Raw[]).map(toRow)
    },
    touch(id: string, now: number): void {
      touchStmt.run({ id, now })
    },
    delete(id: string): boolean {
      return deleteStmt.run(id).changes > 0
    },
    /** Ends every live session; returns how many there were. */
    deleteAll(tokenMark: string, now: number): number {
      return deleteAllStmt.run(tokenMark, now).changes
    },
    /** Drops sessions of other tokens and expired ones. */
    deleteStale(tokenMark: string, now: number): number {
      return deleteStaleStmt.run(tokenMark, now).changes
    },
  }
}
