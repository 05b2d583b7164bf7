import type { OAuthScope } from '../../../shared/admin-wire'
import type { KeyKind } from '../../store/repos/keys-repo'
import type { TeamRow } from '../../store/repos/teams-repo'

/** Who is calling: the key and the team whose settings apply (a user key takes its team's). */
export interface Principal {
  /** The API key's id, or the OAuth client's id for an OAuth token (which acts as its client's key). */
  keyId: string
  kind: KeyKind
  userId: string | null
  team: TeamRow
  /** Set while a rotated key is in its grace period. */
  deprecation: { deprecatedAt: number; expiresAt: number | null } | null
  /** What an OAuth token may do; null for an API key, which may do everything. */
  scopes: readonly OAuthScope[] | null
}
