import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ADMIN_TOKEN_FILE, MIN_ADMIN_TOKEN_LENGTH, newAdminToken } from '../../gateway/security/admin-token'
import { newSecretKey, SECRET_KEY_FILE } from '../../gateway/security/file-cipher'
import { SEALED_SUFFIX } from '../../gateway/security/key-slots'
import { writeFileAtomicSync } from '../../gateway/blobs/atomic-file'

/** The OS keychain as the desktop app uses it (Electron's safeStorage behind it). */
export interface Keychain {
  seal(plain: string): Buffer
  unseal(sealed: Buffer): string
}

export type SecretStorage = 'keychain' | 'files'

export interface DesktopSecrets {
  adminToken: string
  /** Encrypts provider credentials in the database (AES-256-GCM). */
  secretKey: Buffer
  /**
   * `keychain`: sealed, only this app can read them. `files`: 0600 files that headless `serve` on the
   * same data dir reads too (the choice when serve made the data dir, or when the user shares it).
   */
  storage: SecretStorage
}

/** A secret and how it is kept as text: the admin token as is, the 32-byte key as base64 when sealed. */
const SECRETS = {
  adminToken: { file: ADMIN_TOKEN_FILE, make: () => Buffer.from(newAdminToken()), check: (b: Buffer) => b.toString('utf8').trim().length >= MIN_ADMIN_TOKEN_LENGTH },
  secretKey: { file: SECRET_KEY_FILE, make: newSecretKey, check: (b: Buffer) => b.length === 32 },
} as const
type SecretName = keyof typeof SECRETS

export class SecretsUnavailableError extends Error {
  override name = 'SecretsUnavailableError'
}

const writePrivate = (file: string, bytes: Buffer): void => writeFileAtomicSync(file, bytes, 0o600)

function readSecret(dataDir: string, name: SecretName, keychain: Keychain | undefined): { value: Buffer; in: SecretStorage } | null {
  const { file, check } = SECRETS[name]
  const plain = join(dataDir, file)
  const sealed = plain + SEALED_SUFFIX
  let found: { value: Buffer; in: SecretStorage } | null = null
  if (existsSync(plain)) found = { value: readFileSync(plain), in: 'files' }
  else if (existsSync(sealed)) {
    if (!keychain) {
      throw new SecretsUnavailableError(
        `${sealed} is sealed with the OS keychain, which is not available now` +
          (process.platform === 'linux' ? ' (Linux needs a Secret Service keyring such as GNOME Keyring or KWallet, unlocked).' : '.'),
      )
    }
    try {
      const text = keychain.unseal(readFileSync(sealed))
      found = { value: name === 'secretKey' ? Buffer.from(text, 'base64') : Buffer.from(text), in: 'keychain' }
      // A keychain that lost its key may unseal to random bytes without an error (CBC padding passes about once in
      // 256): a token that is not printable ASCII is such a failed unseal, not a token.
      if (name === 'adminToken' && !/^[\x21-\x7e]+$/.test(text.trim())) throw new Error('it unsealed to bytes that are not a Gatehouse token')
    } catch (e) {
      throw new SecretsUnavailableError(
        `The OS keychain cannot unseal ${sealed} (${(e as Error).message}): it no longer holds Gatehouse's key, e.g. the keychain ` +
          `was reset or this data dir comes from another user or machine. Provider credentials saved in it must be entered again after removing it.`,
      )
    }
  }
  if (found && !check(found.value)) throw new SecretsUnavailableError(`${found.in === 'files' ? plain : sealed} does not hold a valid secret (empty or cut short).`)
  return found
}

function writeSecret(dataDir: string, name: SecretName, value: Buffer, storage: SecretStorage, keychain: Keychain | undefined): void {
  const plain = join(dataDir, SECRETS[name].file)
  const sealed = plain + SEALED_SUFFIX
  if (storage === 'keychain') {
    if (!keychain) throw new SecretsUnavailableError('the OS keychain is not available, so secrets stay in 0600 files')
    writePrivate(sealed, keychain.seal(name === 'secretKey' ? value.toString('base64') : value.toString('utf8')))
    rmSync(plain, { force: true })
  } else {
    writePrivate(plain, value)
    rmSync(sealed, { force: true })
  }
}

/**
 * The admin token and secret key of a data dir, for the desktop app. A fresh data dir gets them sealed
 * by the OS keychain when there is one; a data dir that headless `serve` made keeps its 0600 files, so
 * serve keeps working on it. Where one secret is in a file and one sealed (a stop between two writes),
 * both go to the files.
 */
export function openDesktopSecrets(dataDir: string, keychain: Keychain | undefined): DesktopSecrets {
  const found = { adminToken: readSecret(dataDir, 'adminToken', keychain), secretKey: readSecret(dataDir, 'secretKey', keychain) }
  const existing = Object.values(found).filter((f) => f !== null)
  const storage: SecretStorage = !keychain || existing.some((f) => f.in === 'files') ? 'files' : 'keychain'
  const values = {} as Record<SecretName, Buffer>
  for (const name of Object.keys(SECRETS) as SecretName[]) {
    values[name] = found[name]?.value ?? SECRETS[name].make()
    if (found[name]?.in !== storage) writeSecret(dataDir, name, values[name], storage, keychain)
  }
  return { adminToken: values.adminToken.toString('utf8').trim(), secretKey: values.secretKey, storage }
}

/** Moves both secrets to the keychain (only this app reads them) or to 0600 files (serve reads them too). */
export function setSecretStorage(dataDir: string, keychain: Keychain | undefined, storage: SecretStorage): DesktopSecrets {
  const current = openDesktopSecrets(dataDir, keychain)
  if (current.storage === storage) return current
  writeSecret(dataDir, 'adminToken', Buffer.from(current.adminToken), storage, keychain)
  writeSecret(dataDir, 'secretKey', current.secretKey, storage, keychain)
  return { ...current, storage }
}
