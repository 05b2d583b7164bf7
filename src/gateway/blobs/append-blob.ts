import { open, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fsyncDirectory } from './atomic-file'
import { checkedPath } from './blob-store'

/**
 * A blob that grows chunk by chunk (a recording being made). Its row holds the acknowledged length; the
 * file may hold more after a crash between a write and its row, never less. Each append first cuts the
 * file back to the acknowledged length (dropping such a tail), writes, and fsyncs before the caller
 * commits the new length: an acknowledged chunk is on the disk.
 */
export async function appendBlobAt(dir: string, name: string, offset: number, data: Uint8Array): Promise<void> {
  const path = checkedPath(dir, name)
  const existing = await stat(path).catch(() => null)
  if ((existing?.size ?? 0) < offset) throw new Error(`The blob ${name} holds ${existing?.size ?? 0} bytes, fewer than the ${offset} acknowledged.`)
  const handle = await open(path, existing ? 'r+' : 'w', 0o600)
  try {
    await handle.truncate(offset)
    await handle.write(data, 0, data.length, offset)
    await handle.sync()
  } finally {
    await handle.close()
  }
  if (!existing) await fsyncDirectory(dirname(path))
}
