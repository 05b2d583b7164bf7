import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Encrypts provider secrets before they reach the database. The desktop app passes one backed by the
 * OS keychain (Electron safeStorage); headless, the key lives in a 0600 file of the data dir.
 */
export interface SecretCipher {
  encrypt(plain: string): Buffer
  decrypt(sealed: Buffer): string
}

const IV = 12
const TAG = 16

/** AES-256-GCM: iv | tag | ciphertext. */
export function aesGcmCipher(key: Buffer): SecretCipher {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes')
  return {
    encrypt(plain) {
      const iv = randomBytes(IV)
      const c = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()])
      return Buffer.concat([iv, c.getAuthTag(), body])
    },
    decrypt(sealed) {
      const d = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV))
      d.setAuthTag(sealed.subarray(IV, IV + TAG))
      return Buffer.concat([d.update(sealed.subarray(IV + TAG)), d.final()]).toString('utf8')
    },
  }
}
