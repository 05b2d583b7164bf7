import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { readOrCreatePrivateFile } from './private-file'
import { aesGcmCipher, type SecretCipher } from './secret-cipher'

export const SECRET_KEY_FILE = 'secret.key'
export const newSecretKey = (): Buffer => randomBytes(32)

/** Headless fallback: the cipher key lives in `<data-dir>/secret.key` (0600). */
export function fileCipher(dataDir: string): SecretCipher {
  return aesGcmCipher(readOrCreatePrivateFile(join(dataDir, SECRET_KEY_FILE), newSecretKey))
}
