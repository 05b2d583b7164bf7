import type { IssuedKey, KeyInfo } from '../../../shared/admin-wire'
import type { KeyRow } from '../../store/repos/keys-repo'
import { keyStatus } from '../keys/key-service'
import type { AdminDeps } from './admin-deps'
import { found, seconds } from './admin-rules'
import { applyLimits, limitsJson, type LimitsInput } from './governance-admin'

/** Keys are listed by their hint only; the key itself is in the reply to create or rotate, and nowhere else. */
export function createKeysAdmin({ store, clock, keys }: AdminDeps) {
  const keyJson = (k: KeyRow): KeyInfo => ({
    id: k.id,
    kind: k.kind,
    team_id: k.teamId,
    user_id: k.userId,
    hint: k.hint,
    name: k.name,
    status: keyStatus(k, clock.now()),
    source: k.source,
    created_at: Math.floor(k.createdAt / 1000),
    expires_at: seconds(k.expiresAt),
    deprecated_at: seconds(k.deprecatedAt),
    replaced_by: k.replacedBy,
    revoked_at: seconds(k.revokedAt),
    last_used_at: seconds(k.lastUsedAt),
    ...limitsJson(store.governance.get('key', k.id)),
  })

  return {
    list: (): KeyInfo[] => store.keys.list().map(keyJson),
    issue(body: { team_id?: string; user_id?: string; name?: string | null; expires_at?: number | null } & LimitsInput): IssuedKey {
      return store.transaction(() => {
        const issued = keys.issue({ teamId: body.team_id, userId: body.user_id }, { name: body.name ?? null, expiresAt: body.expires_at == null ? null : body.expires_at * 1000 })
        applyLimits(store, 'key', issued.row.id, body, clock.now())
        return { ...keyJson(issued.row), key: issued.plaintext }
      })
    },
    /** A key's rate limits and budget (config keys too: the file names keys, not their limits). */
    setLimits(id: string, body: LimitsInput): KeyInfo {
      const key = found(store.keys.get(id), 'key', id, 'key_not_found')
      applyLimits(store, 'key', key.id, body, clock.now())
      return keyJson(key)
    },
    rotate(id: string, graceSeconds: number | undefined): IssuedKey {
      const { issued, old } = keys.rotate(id, graceSeconds)
      return { ...keyJson(issued.row), key: issued.plaintext, replaced: keyJson(old) }
    },
    revoke: (id: string): KeyInfo => keyJson(keys.revoke(id)),
  }
}
