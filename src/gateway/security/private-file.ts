import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'

/**
 * Reads a secret file of the data dir, creating it with `make()` on first use. Written 0600 through a
 * temp file and rename, so a crash never leaves a half-written secret.
 */
export function readOrCreatePrivateFile(file: string, make: () => Buffer): Buffer {
  if (existsSync(file)) {
    chmodSync(file, 0o600)
    return readFileSync(file)
  }
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, make(), { mode: 0o600, flush: true })
  renameSync(tmp, file)
  return readFileSync(file)
}
