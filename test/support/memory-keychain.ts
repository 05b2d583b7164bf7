import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Keychain } from '../../src/main/secrets/desktop-secrets'

/**
 * Stands in for the OS keychain (Electron's safeStorage), which a test cannot reach: it seals with a
 * key that lives only in this process, as the real one lives only in the keychain. A new one cannot
 * open what another sealed, like a reset keychain.
 */
export function memoryKeychain(key = randomBytes(32)): Keychain {
  return {
    seal(plain) {
      const iv = randomBytes(16)
      const c = createCipheriv('aes-256-cbc', key, iv)
      return Buffer.concat([Buffer.from('v10'), iv, c.update(plain, 'utf8'), c.final()])
    },
    unseal(sealed) {
      const d = createDecipheriv('aes-256-cbc', key, sealed.subarray(3, 19))
      return Buffer.concat([d.update(sealed.subarray(19)), d.final()]).toString('utf8')
    },
  }
}
