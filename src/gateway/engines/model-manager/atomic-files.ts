import { type FileHandle, open, rename } from 'node:fs/promises'
import { dirname } from 'node:path'

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

/** Moves a finished, fsynced temp file into place so no reader ever sees half a file. */
export async function commitFile(tempPath: string, finalPath: string): Promise<void> {
  await rename(tempPath, finalPath)
  await fsyncDirectory(dirname(finalPath))
}

/** Writes a small file atomically: temp file, fsync, rename. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`
  const handle = await open(temp, 'w')
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await commitFile(temp, path)
}
