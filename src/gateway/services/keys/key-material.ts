import { createHash, randomBytes } from 'node:crypto'
import type { KeyKind } from '../../store/repos/keys-repo'

/** Team and user keys carry different prefixes, so a person can tell them apart at a glance. */
export const KEY_PREFIX: Record<KeyKind, string> = { team: 'gth-team-', user: 'gth-user-' }

export const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex')

/** A reminder that cannot be used to recover the key: the prefix (if ours) and the last four characters. */
export function keyHint(key: string): string {
  const prefix = Object.values(KEY_PREFIX).find((p) => key.startsWith(p)) ?? ''
  return `${prefix}…${key.slice(-4)}`
}

export function generateKey(kind: KeyKind): { plaintext: string; hash: string; hint: string } {
  const plaintext = KEY_PREFIX[kind] + randomBytes(32).toString('base64url')
  return { plaintext, hash: hashKey(plaintext), hint: keyHint(plaintext) }
}
