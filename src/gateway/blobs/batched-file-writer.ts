import { close, fdatasync, fsync, writev } from 'node:fs'
import { Writable } from 'node:stream'

export class BlobTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The content is larger than ${limit} bytes.`)
    this.name = 'BlobTooLargeError'
  }
}

type Done = (error?: Error | null) => void

/** The calls the writer makes on its descriptor; a test passes its own to count and hold them. */
export interface FileOps {
  writev(fd: number, buffers: Uint8Array[], done: (error: Error | null, written: number) => void): void
  fdatasync(fd: number, done: (error: Error | null) => void): void
  fsync(fd: number, done: (error: Error | null) => void): void
  close(fd: number, done: (error: Error | null) => void): void
}

const nodeFileOps: FileOps = { writev: (fd, buffers, done) => writev(fd, buffers, done), fdatasync, fsync, close }

/**
 * What is gathered before one write to the file. An upload arrives in 64 kB socket reads; writing each on its
 * own costs a thread-pool round trip (and, on a busy machine, a context switch) per 64 kB. Bigger is not better
 * either: the write's copy into the page cache is the largest cost of an upload (perf: 41-55 % of the gateway's
 * CPU at 4 MB), and a batch past the CPU caches is copied from memory, while the socket stays paused until it is
 * written. 1 MB measured best of 256 kB-4 MB (1 GB uploads, curl -F, load 7-9: median wall 7.6 s against 13.8 s
 * at 4 MB, CPU 3.7 s against 4.0 s). A 1 GB upload takes 1024 writes and holds at most two batches.
 */
const BATCH_BYTES = 1024 * 1024

/**
 * Write-behind: each time this much more was written, an fdatasync starts on the thread pool, so the disk writes
 * back while the rest of the upload still arrives and the fsync at the end has only the tail left to flush (without
 * it that fsync waited for every dirty page of the upload, ~0.4 s per GB here, as `sync` does after `cp`). At most
 * one is in flight and no write waits for it: one that is still running when the next threshold passes just makes
 * the next start later. It changes nothing of crash safety (the file is still fsynced before it is renamed). 64 MB:
 * the time from an upload's last write to its reply fell from 0.47 s to 0.05 s per GB (32 MB: final fsync 20-50 ms,
 * 128 MB: 50-70 ms; each sync is a journal commit).
 */
export const SYNC_BEHIND_BYTES = 64 * 1024 * 1024

/** One `writev`, continued where the kernel stopped when it wrote less (a full disk reports ENOSPC on the next try). */
function writeAll(ops: FileOps, fd: number, buffers: Uint8Array[], done: Done): void {
  ops.writev(fd, buffers, (error, written) => {
    if (error) return done(error)
    let rest = buffers
    let skip = written
    while (rest.length > 0 && skip >= rest[0]!.length) {
      skip -= rest[0]!.length
      rest = rest.slice(1)
    }
    if (rest.length === 0) return done()
    writeAll(ops, fd, [rest[0]!.subarray(skip), ...rest.slice(1)], done)
  })
}

export interface BatchedFileWriterOptions {
  /** Past this many bytes the stream fails with BlobTooLargeError. */
  maxBytes?: number
  syncBehindBytes?: number
  /** Called once, from the write that takes the stream past `bytes`. */
  whenLarger?: { bytes: number; then: () => void }
  ops?: FileOps
}

/**
 * A Writable onto an open file descriptor (it owns it): chunks are gathered into one `writev` per batch, counted,
 * refused past `maxBytes` (with BlobTooLargeError), flushed to the disk behind the writes (see SYNC_BEHIND_BYTES),
 * and at the end fsynced before the descriptor is closed, so a stream that finished is on the disk. One flat
 * Writable rather than a counting transform in front of a file stream: no hop, no promise, no generator per chunk.
 * The descriptor is closed only once no call on it is running, so a write still on the thread pool when the stream
 * is destroyed can never land in a file that reused its number.
 */
export class BatchedFileWriter extends Writable {
  bytes = 0
  private batch: Uint8Array[] = []
  private batchBytes = 0
  private fd: number | null
  private readonly maxBytes: number
  private readonly syncBehindBytes: number
  private readonly ops: FileOps
  private whenLarger: { bytes: number; then: () => void } | undefined
  /** Bytes the file holds, and how many it held when the last write-behind sync started. */
  private written = 0
  private syncedFrom = 0
  private syncing = false
  private syncFailure: Error | null = null
  /** Calls on the descriptor that have not returned, and what waits for there to be none. */
  private inFlight = 0
  private whenIdle: Array<() => void> = []

  constructor(fd: number, { maxBytes = Number.POSITIVE_INFINITY, syncBehindBytes = SYNC_BEHIND_BYTES, whenLarger, ops = nodeFileOps }: BatchedFileWriterOptions = {}) {
    super({ highWaterMark: BATCH_BYTES })
    this.fd = fd
    this.maxBytes = maxBytes
    this.syncBehindBytes = syncBehindBytes
    this.whenLarger = whenLarger
    this.ops = ops
  }

  override _write(chunk: Uint8Array, _encoding: BufferEncoding, done: Done): void {
    if (this.syncFailure) return done(this.syncFailure)
    this.bytes += chunk.length
    if (this.bytes > this.maxBytes) return done(new BlobTooLargeError(this.maxBytes))
    if (this.whenLarger && this.bytes > this.whenLarger.bytes) {
      const { then } = this.whenLarger
      this.whenLarger = undefined
      then()
    }
    this.batch.push(chunk)
    this.batchBytes += chunk.length
    if (this.batchBytes < BATCH_BYTES) return done()
    this.flush(done)
  }

  private flush(done: Done): void {
    const batch = this.batch
    const bytes = this.batchBytes
    this.batch = []
    this.batchBytes = 0
    if (batch.length === 0) return done()
    this.inFlight++
    writeAll(this.ops, this.fd!, batch, (error) => {
      this.returned()
      if (error) return done(error)
      this.written += bytes
      this.syncBehind()
      done()
    })
  }

  /** Starts a write-behind sync when enough was written since the last one, none is running and the stream is not ending (the final fsync covers the tail). */
  private syncBehind(): void {
    if (this.syncing || this.destroyed || this.writableEnded || this.written - this.syncedFrom < this.syncBehindBytes) return
    this.syncing = true
    this.syncedFrom = this.written
    this.inFlight++
    this.ops.fdatasync(this.fd!, (error) => {
      this.syncing = false
      if (error) this.syncFailure ??= error
      this.returned()
    })
  }

  private returned(): void {
    this.inFlight--
    if (this.inFlight > 0) return
    const waiting = this.whenIdle
    this.whenIdle = []
    for (const then of waiting) then()
  }

  /** Runs `then` once no call on the descriptor is running. */
  private whenNothingRuns(then: () => void): void {
    if (this.inFlight === 0) return then()
    this.whenIdle.push(then)
  }

  override _final(done: Done): void {
    this.flush((error) => {
      if (error) return done(error)
      this.whenNothingRuns(() => {
        if (this.syncFailure) return done(this.syncFailure)
        if (this.fd === null) return done() // destroyed meanwhile
        this.inFlight++
        this.ops.fsync(this.fd, (syncError) => {
          this.returned()
          if (syncError) return done(syncError)
          if (this.fd === null) return done()
          const fd = this.fd
          this.fd = null
          this.ops.close(fd, done)
        })
      })
    })
  }

  override _destroy(error: Error | null, done: Done): void {
    this.whenNothingRuns(() => {
      if (this.fd === null) return done(error)
      const fd = this.fd
      this.fd = null
      this.ops.close(fd, () => done(error))
    })
  }
}
