import { randomBytes } from 'node:crypto'
import { mkdirSync, open as openFd } from 'node:fs'
import { open, readdir, rename, rm, stat } from 'node:fs/promises'
import { promisify } from 'node:util'
import { fsyncDirectory } from './atomic-file'
import { KEEP_FREED_BUFFERS_PAST_BYTES, keepFreedBuffersForReuse } from '../kernel/upload-memory'
import { BatchedFileWriter, BlobTooLargeError } from './batched-file-writer'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * Blob names are ids such as `file-0000a1b2Xy…`: a lowercase prefix, a dash, then base64url. Anything
 * else is refused before it comes near a path, so no id can climb out of the blob folder.
 */
export const BLOB_NAME = /^[a-z]{2,16}-[A-Za-z0-9_-]{8,80}$/

export { BlobTooLargeError }

export class BlobNotFoundError extends Error {
  constructor(readonly blobName: string) {
    super(`No blob named ${blobName}.`)
    this.name = 'BlobNotFoundError'
  }
}

/** Content written to a temp file and fsynced, not yet visible under a name. */
export interface StagedBlob {
  readonly bytes: number
  /** Renames the temp file to `name` and fsyncs the folder: from here the blob survives a crash. */
  commit(name: string): Promise<void>
  /** Deletes the temp file; harmless after commit. */
  discard(): Promise<void>
}

export interface BlobRange {
  start: number
  /** Inclusive, as in HTTP ranges. */
  end: number
}

export type BlobSource = Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>

const CHUNK = 1024 * 1024
const openFile = promisify(openFd)

/** The path of blob `name` in `dir`, after checking the name cannot climb out of it. */
export function checkedPath(dir: string, name: string): string {
  if (!BLOB_NAME.test(name)) throw new Error(`Refusing blob name ${JSON.stringify(name)}: it does not match ${BLOB_NAME}.`)
  return join(dir, name)
}

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * A blob dir shared by several gateways (`blobs.dir`): another instance may be writing a temp file or
 * be about to commit the row of a blob it just renamed, so a start-up sweep leaves what changed in
 * the last hour alone (the next start, or another instance's, sweeps it).
 */
export const SHARED_SWEEP_GRACE_MS = 3600_000

async function olderThan(path: string, at: number): Promise<boolean> {
  try {
    return (await stat(path)).mtimeMs < at
  } catch (e) {
    if (isMissing(e)) return false
    throw e
  }
}

/**
 * The only code that touches file contents on disk. Writes go to `<dir>/tmp/`, are fsynced and then
 * renamed into `<dir>/<name>`; the caller commits its database row only after that, so a crash leaves
 * at worst a temp file or a blob without a row, and `sweep` removes both at the next start.
 */
export function createBlobStore(dir: string, opts: { shared?: boolean; now?: () => number } = {}) {
  const tmpDir = join(dir, 'tmp')
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 })

  async function stage(source: BlobSource, opts: { maxBytes?: number } = {}): Promise<StagedBlob> {
    const tmpPath = join(tmpDir, `${randomBytes(12).toString('hex')}.part`)
    // the writer fsyncs before it closes the file, so a committed blob is on the disk
    const writer = new BatchedFileWriter(await openFile(tmpPath, 'wx', 0o600), {
      maxBytes: opts.maxBytes,
      whenLarger: { bytes: KEEP_FREED_BUFFERS_PAST_BYTES, then: keepFreedBuffersForReuse },
    })
    try {
      await pipeline(source instanceof Readable ? source : Readable.from(source), writer)
    } catch (e) {
      // the file is closed before it is removed (Windows refuses otherwise)
      if (!writer.closed) await new Promise((resolve) => writer.once('close', resolve))
      await rm(tmpPath, { force: true })
      throw e
    }
    const bytes = writer.bytes

    let settled = false
    return {
      bytes,
      async commit(name) {
        if (settled) throw new Error('This staged blob was already committed or discarded.')
        const target = checkedPath(dir, name)
        await rename(tmpPath, target)
        settled = true
        await fsyncDirectory(dir)
      },
      async discard() {
        if (settled) return
        settled = true
        await rm(tmpPath, { force: true })
      },
    }
  }

  async function names(): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true })
    return entries.filter((e) => e.isFile() && BLOB_NAME.test(e.name)).map((e) => e.name)
  }

  return {
    dir,
    stage,
    /** Names of the committed blobs. */
    names,

    /** Opens the blob before any header is sent, so a missing blob is an error and not a broken reply. */
    async openRead(name: string, range?: BlobRange): Promise<Readable> {
      let handle
      try {
        handle = await open(checkedPath(dir, name), 'r')
      } catch (e) {
        if (isMissing(e)) throw new BlobNotFoundError(name)
        throw e
      }
      return handle.createReadStream({ start: range?.start, end: range?.end, highWaterMark: CHUNK })
    },

    async remove(name: string): Promise<void> {
      await rm(checkedPath(dir, name), { force: true })
    },

    /**
     * Start-up cleanup: every temp file (an upload or a write that never finished) and every blob that
     * `keep` does not claim (renamed, but its row was never committed). Other names are left alone.
     */
    async sweep(keep: (name: string) => boolean): Promise<{ temp: number; orphans: number }> {
      const before = (opts.now ?? Date.now)() - SHARED_SWEEP_GRACE_MS
      const settled = async (paths: string[]) => (opts.shared ? (await Promise.all(paths.map(async (p) => ((await olderThan(p, before)) ? p : null)))).filter((p): p is string => p !== null) : paths)
      const temps = await settled((await readdir(tmpDir)).map((t) => join(tmpDir, t)))
      await Promise.all(temps.map((t) => rm(t, { force: true, recursive: true })))
      const orphans = (await settled((await names()).filter((n) => !keep(n)).map((n) => join(dir, n))))
      await Promise.all(orphans.map((p) => rm(p, { force: true })))
      return { temp: temps.length, orphans: orphans.length }
    },
  }
}

export type BlobStore = ReturnType<typeof createBlobStore>
