import { mkdtemp, open, rename, rm, type FileHandle } from 'node:fs/promises'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * The one atomic writer: content goes to a temp file beside its target, is fsynced, then renamed into
 * place and the folder fsynced, so no reader (and no crash) ever sees half a file.
 */

/** Flushes a directory entry change (a rename) to disk; a no-op where directories cannot be opened (Windows). */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch {
    // Windows cannot fsync a directory; NTFS journals the rename.
  } finally {
    await handle?.close()
  }
}

/** Moves a finished, fsynced temp file into place. */
export async function commitFile(tempPath: string, finalPath: string): Promise<void> {
  await rename(tempPath, finalPath)
  await fsyncDirectory(dirname(finalPath))
}

const tempBeside = (path: string) => `${path}.${process.pid}.${Date.now()}.tmp`

/** Writes a small file atomically. */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o644): Promise<void> {
  const temp = tempBeside(path)
  const handle = await open(temp, 'w', mode)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await commitFile(temp, path)
}

/** The same, synchronously, for start-up files (secrets) read before anything else runs. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, mode = 0o600): void {
  const temp = tempBeside(path)
  writeFileSync(temp, data, { mode, flush: true })
  renameSync(temp, path)
}

/** Reads a file, creating it atomically with `make()` when it is missing. */
export function readOrCreateFileSync(path: string, make: () => Buffer, mode = 0o600): Buffer {
  if (!existsSync(path)) writeFileAtomicSync(path, make(), mode)
  return readFileSync(path)
}

/** Runs `fn` in a fresh private temp folder, removed afterwards whatever happens. */
export async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `gatehouse-${prefix}-`))
  try {
    return await fn(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
