import { unauthorized } from '../../../shared/errors'
import type { Clock } from '../../kernel/runtime'
import { bearerToken } from '../../security/credentials'
import type { Store } from '../../store/store'
import { hashKey } from '../keys/key-material'
import { keyStatus } from '../keys/key-service'
import { TOKEN_PREFIX, type OAuth } from './oauth'
import type { Principal } from './principal'
import { lastUseWriter } from './touch-due'
import { isoTime } from '../../kernel/iso-time'

/** The credentials a request presents, by header. */
export interface PresentedCredentials {
  authorization?: string | undefined
  xApiKey?: string | undefined
  xSvcKey?: string | undefined
  /** What the endpoint is (an OAuth scope: chat, messages, files, audio); an OAuth token must hold it. */
  scope?: string | undefined
}


/**
 * Picks the key a request presents. `X-Svc-Key` wins over `X-Api-Key` (spec 5.2), and either over
 * `Authorization: Bearer`, which is what SDKs send by default.
 */
export function presentedKey(c: PresentedCredentials): string | undefined {
  if (c.xSvcKey?.trim()) return c.xSvcKey.trim()
  if (c.xApiKey?.trim()) return c.xApiKey.trim()
  return bearerToken(c.authorization)
}

/** Keys whose hash is remembered at most; past it the memory starts over (a few clients use a few keys). */
const REMEMBERED_KEYS = 1024

export function createAuthenticator(store: Store, clock: Clock, oauth: OAuth) {
  const touch = lastUseWriter()
  // A key's hash never changes, and hashing it was a few percent of a proxied request's CPU. Only keys that
  // matched a row are remembered, so unknown keys sent at random cannot crowd out the ones in use.
  const knownHashes = new Map<string, string>()
  const keyRow = (key: string) => {
    const remembered = knownHashes.get(key)
    const hash = remembered ?? hashKey(key)
    const row = store.keys.getByHash(hash)
    if (row && remembered === undefined) {
      if (knownHashes.size >= REMEMBERED_KEYS) knownHashes.clear()
      knownHashes.set(key, hash)
    }
    return row
  }
  return function authenticate(c: PresentedCredentials): Principal {
    const key = presentedKey(c)
    if (!key) {
      throw unauthorized(
        'No API key was sent. Send it as "Authorization: Bearer <key>", "X-Api-Key: <key>" or "X-Svc-Key: <key>", or an OAuth token from POST /oauth/token.',
        'missing_api_key',
      )
    }
    // An OAuth access token acts as its client's key, within its scopes.
    if (key.startsWith(TOKEN_PREFIX)) return oauth.authenticateToken(key, c.scope)
    const row = keyRow(key)
    if (!row) throw unauthorized('Incorrect API key provided: this gateway does not know it. Check the key, or generate one under Keys.', 'invalid_api_key')
    const now = clock.now()
    const status = keyStatus(row, now)
    if (status === 'revoked') {
      throw unauthorized(`This API key was revoked on ${isoTime(row.revokedAt!)}. Generate a new key under Keys.`, 'revoked_api_key')
    }
    if (status === 'expired') {
      const why = row.deprecatedAt !== null ? `it was rotated on ${isoTime(row.deprecatedAt)} and its grace period ended` : 'it was issued with that expiry'
      throw unauthorized(`This API key expired on ${isoTime(row.expiresAt!)} (${why}). Use the key that replaced it, or generate a new one.`, 'expired_api_key')
    }
    const team = store.teams.get(row.teamId)
    if (!team) throw unauthorized('The team of this API key no longer exists.', 'invalid_api_key')
    touch(row.lastUsedAt, now, () => store.keys.touch(row.id, now))
    return {
      keyId: row.id,
      kind: row.kind,
      userId: row.userId,
      team,
      deprecation: row.deprecatedAt === null ? null : { deprecatedAt: row.deprecatedAt, expiresAt: row.expiresAt },
      scopes: null,
    }
  }
}

export type Authenticate = ReturnType<typeof createAuthenticator>
