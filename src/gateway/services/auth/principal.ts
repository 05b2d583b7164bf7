import type { KeyKind } from '../../store/repos/keys-repo'
import type { TeamRow } from '../../store/repos/teams-repo'

/** Who is calling: the key and the team whose settings apply (a user key takes its team's). */
export interface Principal {
  keyId: string
  kind: KeyKind
  userId: string | null
  team: TeamRow
  /** Set while a rotated key is in its grace period. */
  deprecation: { deprecatedAt: number; expiresAt: number | null } | null
}
