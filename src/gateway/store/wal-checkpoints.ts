import { closeSync, fdatasync, openSync } from 'node:fs'
import type Database from 'better-sqlite3'

/**
 * Checkpoints of the SQLite write-ahead log that do not stall the event loop on the disk.
 *
 * With `synchronous = NORMAL` SQLite writes each commit to the WAL without an fsync and fsyncs the WAL only when a
 * checkpoint copies it back into the database, by default once it holds 1,000 pages, in whichever statement's commit
 * crossed the line: on the event loop. That fsync writes out the whole 4 MB at once: on the bench VM it took 10-14 ms
 * of the checkpoint's 15-20, every ~140 requests at one client, and every request in flight waited for it (p99.9 at
 * one client 18-21 ms, against 6-9 with the WAL already flushed).
 *
 * So the gateway runs the checkpoints itself: once the WAL holds about `targetPages` (counted in writes, since the
 * pages a write adds vary from one, under load, when one commit holds many usage rows, to eight when a lone client's
 * row is a commit of its own; each checkpoint says how many pages it found and the count adapts) it fsyncs the WAL
 * in libuv's thread pool, and once that is done it checkpoints on the event loop, where SQLite's own fsync of the
 * WAL finds little left to write. Durability is SQLite's, unchanged: the checkpoint still fsyncs the WAL and the
 * database as it would have, and an extra fsync never weakens anything. SQLite's own checkpoint stays as a backstop
 * at `backstopPages`, for writes faster than the flushes (or an event loop too busy to run their callbacks). A flush
 * that fails hands the checkpoints back to SQLite as they were; a checkpoint that fails (a full disk) is tried again
 * at the next, as SQLite does with its own.
 *
 * Linux only (`shouldFlushWalInBackground`), where it was measured: there Node's fsync writes the file's dirty pages,
 * as SQLite's does. On macOS Node's fsync is F_FULLFSYNC, which also flushes the drive's cache, heavier than the
 * fsync SQLite uses there; on Windows (FlushFileBuffers, as SQLite's own) it was not measured.
 */
export interface WalCheckpoints {
  /** Called after each write statement. */
  noteWrite(): void
}

export interface WalCheckpointOptions {
  /** About how many pages of WAL a checkpoint copies: SQLite's own threshold by default. */
  targetPages?: number
  /** The writes before the first checkpoint, before any has said how many pages a write adds. */
  writesPerCheckpoint?: number
  backstopPages?: number
  /** fs.fdatasync, or a stand-in in tests. */
  flush?: (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => void
}

/** SQLite's default `wal_autocheckpoint`, given back when background flushing fails. */
export const SQLITE_AUTOCHECKPOINT_PAGES = 1000

export const shouldFlushWalInBackground = (file: string, platform = process.platform): boolean => platform === 'linux' && file !== ':memory:' && file !== ''

export function checkpointAfterBackgroundFlush(db: Database.Database, walFile: string, options: WalCheckpointOptions = {}): WalCheckpoints {
  const { targetPages = SQLITE_AUTOCHECKPOINT_PAGES, backstopPages = 8 * SQLITE_AUTOCHECKPOINT_PAGES, flush = fdatasync } = options
  let writesPerCheckpoint = options.writesPerCheckpoint ?? 128
  db.pragma(`wal_autocheckpoint = ${backstopPages}`)
  let writes = 0
  let fd: number | undefined
  let flushing = false
  let stopped = false

  const closeFile = () => {
    if (fd !== undefined) closeSync(fd)
    fd = undefined
  }
  const handBackToSqlite = () => {
    stopped = true
    closeFile()
    if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`)
  }

  const checkpoint = (err: NodeJS.ErrnoException | null) => {
    flushing = false
    if (stopped) return
    if (err) return handBackToSqlite()
    // A transaction left open across turns (never the gateway's own, which are synchronous): the next write retries.
    if (db.inTransaction) return void (writes = writesPerCheckpoint)
    let pages: number
    try {
      pages = (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log ?? 0
    } catch {
      // SQLITE_FULL, SQLITE_IOERR: the WAL keeps the pages and the next checkpoint copies them.
      return
    }
    // At most halved or doubled at a time, so that one odd checkpoint (a burst of large rows) moves it little.
    if (pages > 0) writesPerCheckpoint = Math.round(Math.min(2, Math.max(0.5, targetPages / pages)) * writesPerCheckpoint) || 1
  }

  // No flush or checkpoint once the database closes, and the WAL's descriptor closed with it.
  const closeDatabase = db.close
  Object.defineProperty(db, 'close', {
    value: () => {
      stopped = true
      closeFile()
      return closeDatabase.call(db)
    },
    configurable: true,
    writable: true,
  })

  return {
    noteWrite() {
      if (stopped || flushing || ++writes < writesPerCheckpoint) return
      writes = 0
      try {
        fd ??= openSync(walFile, 'r')
      } catch {
        return handBackToSqlite()
      }
      flushing = true
      flush(fd, checkpoint)
    },
  }
}
