import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ADMIN_TOKEN_FILE } from './admin-token'
import { SECRET_KEY_FILE } from './file-cipher'

/**
 * The data dir's two secrets (the admin token, and the key that encrypts provider credentials in the
 * database) each live in one of two slots: the plain 0600 file that headless `serve` reads
 * (`admin-token`, `secret.key`), or a copy sealed by the OS keychain through the desktop app
 * (`admin-token.sealed`, `secret.key.sealed`), which only the desktop app can open.
 */
export const SEALED_SUFFIX = '.sealed'
export const SECRET_FILES = [ADMIN_TOKEN_FILE, SECRET_KEY_FILE] as const

/** A headless gateway was started on a data dir whose secrets only the desktop app can unseal. */
export class SealedSecretsError extends Error {
  constructor(
    readonly dataDir: string,
    readonly files: string[],
  ) {
    super(
      `The secrets of ${dataDir} (${files.join(', ')}) are sealed with the OS keychain by the Gatehouse desktop app, ` +
        `which a headless process cannot open. In the desktop app's tray menu, turn on "Share secrets with serve" ` +
        `(it writes them as 0600 files that serve reads), or start serve with another --data-dir.`,
    )
    this.name = 'SealedSecretsError'
  }
}

/** Refuses to start headless where a secret exists only sealed: a fresh one would orphan the data. */
export function assertHeadlessCanReadSecrets(dataDir: string): void {
  const sealedOnly = SECRET_FILES.filter((f) => existsSync(join(dataDir, f + SEALED_SUFFIX)) && !existsSync(join(dataDir, f))).map((f) => f + SEALED_SUFFIX)
  if (sealedOnly.length) throw new SealedSecretsError(dataDir, sealedOnly)
}
