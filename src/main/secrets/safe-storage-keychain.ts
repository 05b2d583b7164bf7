import type { safeStorage as SafeStorage } from 'electron'
import type { Keychain } from './desktop-secrets'

/**
 * Electron's safeStorage as the app's keychain (macOS Keychain, Windows DPAPI, Linux Secret Service or
 * KWallet), or undefined where it offers no real protection: on Linux without a keyring Chromium falls
 * back to a key written in its own source ("basic_text"), no better than a 0600 file.
 */
export function safeStorageKeychain(safeStorage: typeof SafeStorage, platform: NodeJS.Platform = process.platform): Keychain | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return undefined
  return { seal: (plain) => safeStorage.encryptString(plain), unseal: (sealed) => safeStorage.decryptString(sealed) }
}
