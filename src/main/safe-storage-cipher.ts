import { safeStorage } from 'electron'
import type { SecretCipher } from '../gateway/security/secret-cipher'

/** Provider secrets sealed by the OS keychain (Keychain, DPAPI, libsecret) when it is available. */
export function safeStorageCipher(): SecretCipher | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined
  return {
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (sealed) => safeStorage.decryptString(sealed),
  }
}
