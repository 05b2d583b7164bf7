import type { Db } from '../database'
import { readJson, writeJson } from './json-column'
import type { KeyKind } from './keys-repo'
import { keyedCache, tableCache } from './row-cache'

/** An OAuth 2.0 client (client credentials grant) of a team or a user: it mints short-lived tokens that act as its key. */
export interface OAuthClientRow {
  /** The `client_id`. */
  id: string
  kind: KeyKind
  teamId: string
  userId: string | null
  name: string | null
  /** SHA-256 of the client secret; the secret itself is never stored. */
  secretHash: string
  secretHint: string
  scopes: string[]
  tokenTtlSeconds: number
  createdAt: number
  /** Tokens issued before this moment (a rotation) no longer work. */
  secretRotatedAt: number
  revokedAt: number | null
  lastUsedAt: number | null
}

export interface OAuthTokenRow {
  hash: string
  clientId: string
  scopes: string[]
  issuedAt: number
  expiresAt: number
}

interface ClientRaw {
  id: string
  kind: KeyKind
  team_id: string
  user_id: string | null
  name: string | null
  secret_hash: string
  secret_hint: string
  scopes: string
  token_ttl_seconds: number
  created_at: number
  secret_rotated_at: number
  revoked_at: number | null
  last_used_at: number | null
}

const toClient = (r: ClientRaw): OAuthClientRow => ({
  id: r.id,
  kind: r.kind,
  teamId: r.team_id,
  userId: r.user_id,
  name: r.name,
  secretHash: r.secret_hash,
  secretHint: r.secret_hint,
  scopes: readJson(r.scopes, []),
  tokenTtlSeconds: r.token_ttl_seconds,
  createdAt: r.created_at,
  secretRotatedAt: r.secret_rotated_at,
  revokedAt: r.revoked_at,
  lastUsedAt: r.last_used_at,
})

export type OAuthRepo = ReturnType<typeof createOAuthRepo>

/**
 * OAuth clients and their tokens. Both are read on every request a token authenticates, so both are
 * cached like keys: cleared by each write here and by commits of another process (data-version.ts).
 */
export function createOAuthRepo(db: Db) {
  const insertClientStmt = db.prepare(`
    INSERT INTO oauth_clients (id, kind, team_id, user_id, name, secret_hash, secret_hint, scopes, token_ttl_seconds, created_at, secret_rotated_at)
    VALUES (@id, @kind, @teamId, @userId, @name, @secretHash, @secretHint, @scopes, @tokenTtlSeconds, @createdAt, @createdAt)`)
  const listClientsStmt = db.prepare('SELECT * FROM oauth_clients ORDER BY created_at, id')
  const rotateStmt = db.prepare('UPDATE oauth_clients SET secret_hash = @secretHash, secret_hint = @secretHint, secret_rotated_at = @now WHERE id = @id')
  const revokeStmt = db.prepare('UPDATE oauth_clients SET revoked_at = @now WHERE id = @id AND revoked_at IS NULL')
  const touchStmt = db.prepare('UPDATE oauth_clients SET last_used_at = @now WHERE id = @id')
  const insertTokenStmt = db.prepare('INSERT INTO oauth_tokens (hash, client_id, scopes, issued_at, expires_at) VALUES (@hash, @clientId, @scopes, @issuedAt, @expiresAt)')
  const tokenStmt = db.prepare('SELECT * FROM oauth_tokens WHERE hash = ?')
  const deleteTokensStmt = db.prepare('DELETE FROM oauth_tokens WHERE client_id = ?')
  const deleteExpiredStmt = db.prepare('DELETE FROM oauth_tokens WHERE expires_at <= ?')

  const clients = tableCache(db, 'oauth_clients', () => (listClientsStmt.all() as ClientRaw[]).map(toClient))
  const tokens = keyedCache(db, 'oauth_tokens', (hash): OAuthTokenRow | undefined => {
    const r = tokenStmt.get(hash) as { hash: string; client_id: string; scopes: string; issued_at: number; expires_at: number } | undefined
    return r && { hash: r.hash, clientId: r.client_id, scopes: readJson<string[]>(r.scopes, []), issuedAt: r.issued_at, expiresAt: r.expires_at }
  })
  const changed = () => {
    clients.clear()
    tokens.clear()
  }

  return {
    insertClient(c: Omit<OAuthClientRow, 'secretRotatedAt' | 'revokedAt' | 'lastUsedAt'>): OAuthClientRow {
      changed()
      insertClientStmt.run({ ...c, scopes: writeJson(c.scopes) })
      return this.getClient(c.id)!
    },
    getClient: (id: string): OAuthClientRow | undefined => clients.all().find((c) => c.id === id),
    listClients: (): readonly OAuthClientRow[] => clients.all(),
    rotateSecret(id: string, secretHash: string, secretHint: string, now: number): void {
      changed()
      rotateStmt.run({ id, secretHash, secretHint, now })
      deleteTokensStmt.run(id)
    },
    revokeClient(id: string, now: number): boolean {
      changed()
      const revoked = revokeStmt.run({ id, now }).changes > 0
      deleteTokensStmt.run(id)
      return revoked
    },
    touchClient(id: string, now: number): void {
      touchStmt.run({ id, now })
      clients.clear()
    },
    insertToken(t: OAuthTokenRow): void {
      insertTokenStmt.run({ ...t, scopes: writeJson(t.scopes) })
    },
    getToken: (hash: string): OAuthTokenRow | undefined => tokens.get(hash),
    deleteExpiredTokens(now: number): number {
      const gone = deleteExpiredStmt.run(now).changes
      if (gone) tokens.clear()
      return gone
    },
    /** For deletes that cascade here from teams and users. */
    clearCache: changed,
  }
}
