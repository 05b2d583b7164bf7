import type { Db } from '../database'
import { keyedCache } from './row-cache'

export type KeyKind = 'team' | 'user'
export type KeySource = 'config' | 'admin' | 'first-run'

export interface KeyRow {
  id: string
  kind: KeyKind
  teamId: string
  userId: string | null
  /** SHA-256 of the key; the key itself is never stored. */
  hash: string
  /** A harmless reminder of the key, e.g. `gth-team-…x7Qa`. */
  hint: string
  name: string | null
  source: KeySource
  createdAt: number
  expiresAt: number | null
  /** The expiry the key was issued with; a rotation's grace period changes `expiresAt` only. */
  issuedExpiresAt: number | null
  deprecatedAt: number | null
  replacedBy: string | null
  revokedAt: number | null
  lastUsedAt: number | null
}

interface Raw {
  id: string
  kind: KeyKind
  team_id: string
  user_id: string | null
  hash: string
  hint: string
  name: string | null
  source: KeySource
  created_at: number
  expires_at: number | null
  issued_expires_at: number | null
  deprecated_at: number | null
  replaced_by: string | null
  revoked_at: number | null
  last_used_at: number | null
}

const toRow = (r: Raw): KeyRow => ({
  id: r.id,
  kind: r.kind,
  teamId: r.team_id,
  userId: r.user_id,
  hash: r.hash,
  hint: r.hint,
  name: r.name,
  source: r.source,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  issuedExpiresAt: r.issued_expires_at,
  deprecatedAt: r.deprecated_at,
  replacedBy: r.replaced_by,
  revokedAt: r.revoked_at,
  lastUsedAt: r.last_used_at,
})

export type NewKey = Pick<KeyRow, 'id' | 'kind' | 'teamId' | 'userId' | 'hash' | 'hint' | 'name' | 'source' | 'createdAt' | 'expiresAt'>
export type KeysRepo = ReturnType<typeof createKeysRepo>

export function createKeysRepo(db: Db) {
  const insertStmt = db.prepare(`
    INSERT INTO api_keys (id, kind, team_id, user_id, hash, hint, name, source, created_at, expires_at, issued_expires_at)
    VALUES (@id, @kind, @teamId, @userId, @hash, @hint, @name, @source, @createdAt, @expiresAt, @expiresAt)`)
  const getStmt = db.prepare('SELECT * FROM api_keys WHERE id = ?')
  const byHashStmt = db.prepare('SELECT * FROM api_keys WHERE hash = ?')
  const listStmt = db.prepare('SELECT * FROM api_keys ORDER BY created_at, id')
  const countUsableStmt = db.prepare(
    'SELECT count(*) AS n FROM api_keys WHERE revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)',
  )
  const deprecateStmt = db.prepare(
    'UPDATE api_keys SET deprecated_at = @now, expires_at = @expiresAt, replaced_by = @replacedBy WHERE id = @id',
  )
  const revokeStmt = db.prepare('UPDATE api_keys SET revoked_at = @now WHERE id = @id AND revoked_at IS NULL')
  const touchStmt = db.prepare('UPDATE api_keys SET last_used_at = @now WHERE id = @id')
  // Every request looks its key up by hash; rows are cached outside transactions and any change
  // to a key (new, deprecated, revoked) empties the cache, so a revocation takes effect at once; one
  // committed by another process empties it within DATA_VERSION_CHECK_MS.
  const byHash = keyedCache(db, 'api_keys', (hash) => {
    const r = byHashStmt.get(hash) as Raw | undefined
    return r && toRow(r)
  })

  return {
    insert(k: NewKey): KeyRow {
      byHash.clear()
      insertStmt.run(k)
      return this.get(k.id)!
    },
    get(id: string): KeyRow | undefined {
      const r = getStmt.get(id) as Raw | undefined
      return r && toRow(r)
    },
    getByHash: (hash: string): KeyRow | undefined => byHash.get(hash),
    list(): KeyRow[] {
      return (listStmt.all() as Raw[]).map(toRow)
    },
    countUsable(now: number): number {
      return (countUsableStmt.get(now) as { n: number }).n
    },
    deprecate(id: string, now: number, expiresAt: number, replacedBy: string): void {
      byHash.clear()
      deprecateStmt.run({ id, now, expiresAt, replacedBy })
    },
    revoke(id: string, now: number): boolean {
      byHash.clear()
      return revokeStmt.run({ id, now }).changes > 0
    },
    /** For deletes that cascade here from teams and users. */
    clearCache: () => byHash.clear(),
    touch(id: string, now: number): void {
      touchStmt.run({ id, now })
      for (const row of byHash.cached()) if (row.id === id) row.lastUsedAt = now
    },
  }
}
