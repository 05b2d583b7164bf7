import { chmodSync, existsSync } from 'node:fs'
import { readOrCreateFileSync } from '../blobs/atomic-file'

/**
 * Reads a secret file of the data dir, creating it with `make()` on first use: 0600, written
 * atomically, so a crash never leaves a half-written secret.
 */
export function readOrCreatePrivateFile(file: string, make: () => Buffer): Buffer {
  if (existsSync(file)) chmodSync(file, 0o600)
  return readOrCreateFileSync(file, make, 0o600)
}
