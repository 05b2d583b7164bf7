import type { safeStorage as SafeStorage } from 'electron'
import { describe, expect, it } from 'vitest'
import { safeStorageKeychain } from './safe-storage-keychain'

/** Electron's safeStorage as it answers on a given machine (the real one needs Electron's binary). */
const safeStorageLike = (available: boolean, backend: string) =>
  ({
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (s: string) => Buffer.from(`sealed:${s}`),
    decryptString: (b: Buffer) => b.toString().replace(/^sealed:/, ''),
  }) as unknown as typeof SafeStorage

describe('safeStorage as the keychain', () => {
  it('is used where the OS really protects it, and round-trips', () => {
    for (const [platform, backend] of [['darwin', 'unknown'], ['win32', 'unknown'], ['linux', 'gnome_libsecret'], ['linux', 'kwallet5']] as const) {
      const keychain = safeStorageKeychain(safeStorageLike(true, backend), platform)
      expect(keychain?.unseal(keychain.seal('x'))).toBe('x')
    }
  })

  it('is not used where safeStorage is unavailable, or on Linux with its hard-coded "basic_text" key', () => {
    expect(safeStorageKeychain(safeStorageLike(false, 'gnome_libsecret'), 'linux')).toBeUndefined()
    expect(safeStorageKeychain(safeStorageLike(true, 'basic_text'), 'linux')).toBeUndefined()
  })
})
