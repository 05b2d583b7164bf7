import { randomSecret, secretHash } from '../../security/credentials'
import type { KeyKind } from '../../store/repos/keys-repo'

/** Team and user keys carry different prefixes, so a person can tell them apart at a glance. */
export const KEY_PREFIX: Record<KeyKind, string> = { team: 'gth-team-', user: 'gth-user-' }

export const hashKey = secretHash

/** A reminder that cannot be used to recover a secret: its prefix and its last four characters. */
export const secretHint = (prefix: string, secret: string): string => `${prefix}…${secret.slice(-4)}`

/** A key's hint: the prefix if it is one of ours. */
export const keyHint = (key: string): string => secretHint(Object.values(KEY_PREFIX).find((p) => key.startsWith(p)) ?? '', key)

export function generateKey(kind: KeyKind): { plaintext: string; hash: string; hint: string } {
  const plaintext = KEY_PREFIX[kind] + randomSecret()
  return { plaintext, hash: hashKey(plaintext), hint: keyHint(plaintext) }
}
