import { badRequest, GatewayError, notFound } from '../../../shared/errors'
import type { Clock, IdGenerator } from '../../kernel/runtime'
import type { KeyKind, KeyRow, KeySource } from '../../store/repos/keys-repo'
import type { Store } from '../../store/store'
import { generateKey } from './key-material'

export interface IssuedKey {
  row: KeyRow
  /** The key itself: shown once, never stored. */
  plaintext: string
}

export type KeyStatus = 'active' | 'deprecated' | 'revoked' | 'expired'

export function keyStatus(k: KeyRow, now: number): KeyStatus {
  if (k.revokedAt !== null) return 'revoked'
  if (k.expiresAt !== null && k.expiresAt <= now) return 'expired'
  if (k.deprecatedAt !== null) return 'deprecated'
  return 'active'
}

export interface KeyOwner {
  teamId?: string
  userId?: string
}

/** Whose credential this is: a user's (who takes the team's settings) or a team's. */
export function resolveOwner(store: Store, owner: KeyOwner, what = 'key'): { kind: KeyKind; teamId: string; userId: string | null } {
  if (owner.userId) {
    const user = store.users.get(owner.userId)
    if (!user) throw notFound(`No user with id "${owner.userId}".`, 'user_not_found', 'user_id')
    return { kind: 'user', teamId: user.teamId, userId: user.id }
  }
  if (owner.teamId) {
    if (!store.teams.get(owner.teamId)) throw notFound(`No team with id "${owner.teamId}".`, 'team_not_found', 'team_id')
    return { kind: 'team', teamId: owner.teamId, userId: null }
  }
  throw badRequest(`Say whose ${what} this is: give team_id for a team ${what} or user_id for a user ${what}.`, 'team_id', 'missing_owner')
}

/** Issues, rotates and revokes API keys. Keys are stored as SHA-256 hashes only. */
export function createKeyService(store: Store, clock: Clock, ids: IdGenerator, rotationGraceSeconds: number) {
  function issue(owner: KeyOwner, opts: { name?: string | null; expiresAt?: number | null; source?: KeySource } = {}): IssuedKey {
    const { kind, teamId, userId } = resolveOwner(store, owner)
    const now = clock.now()
    if (opts.expiresAt != null && opts.expiresAt <= now) throw badRequest('expires_at must be in the future.', 'expires_at')
    const material = generateKey(kind)
    const row = store.keys.insert({
      id: ids.uuid(),
      kind,
      teamId,
      userId,
      hash: material.hash,
      hint: material.hint,
      name: opts.name ?? null,
      source: opts.source ?? 'admin',
      createdAt: now,
      expiresAt: opts.expiresAt ?? null,
    })
    return { row, plaintext: material.plaintext }
  }

  function requireUsable(id: string): KeyRow {
    const key = store.keys.get(id)
    if (!key) throw notFound(`No API key with id "${id}".`, 'key_not_found', 'id')
    const status = keyStatus(key, clock.now())
    if (status === 'revoked' || status === 'expired') {
      throw badRequest(`This key is ${status}; only an active key can be rotated.`, 'id', `key_${status}`)
    }
    // A second successor would be a live key nothing links to: replaced_by names one key.
    if (key.replacedBy !== null) {
      throw new GatewayError({
        status: 409,
        type: 'invalid_request_error',
        code: 'key_already_rotated',
        param: 'id',
        message: `This key was already rotated; its successor is "${key.replacedBy}". Rotate the successor instead (POST /admin/keys/${key.replacedBy}/rotate), or revoke it.`,
      })
    }
    return key
  }

  return {
    issue,
    /**
     * Issues a replacement and deprecates the old key: it keeps working for the grace period (answering
     * with a Deprecation header), then it is refused as expired.
     */
    rotate(id: string, graceSeconds = rotationGraceSeconds): { issued: IssuedKey; old: KeyRow } {
      return store.transaction(() => {
        const old = requireUsable(id)
        // The expiry the old key was issued with, never the end of a grace period it is already in.
        const issued = issue(old.userId ? { userId: old.userId } : { teamId: old.teamId }, { name: old.name, expiresAt: old.issuedExpiresAt })
        const now = clock.now()
        const graceEnd = now + graceSeconds * 1000
        const expiresAt = old.expiresAt === null ? graceEnd : Math.min(old.expiresAt, graceEnd)
        store.keys.deprecate(old.id, now, expiresAt, issued.row.id)
        return { issued, old: store.keys.get(old.id)! }
      })
    },
    revoke(id: string): KeyRow {
      const key = store.keys.get(id)
      if (!key) throw notFound(`No API key with id "${id}".`, 'key_not_found', 'id')
      store.keys.revoke(id, clock.now())
      return store.keys.get(id)!
    },
  }
}

export type KeyService = ReturnType<typeof createKeyService>
