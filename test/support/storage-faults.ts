import Database from 'better-sqlite3'
import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Another process's hold on the gateway's database, as a backup tool or the `sqlite3` shell takes it: a
 * second real connection on the same file in `BEGIN IMMEDIATE`, so every write of the gateway meets
 * SQLITE_BUSY until `release`. Reads go on (WAL).
 */
export function holdWriteLock(dbFile: string) {
  const db = new Database(dbFile)
  db.exec('BEGIN IMMEDIATE')
  return {
    release() {
      if (!db.open) return
      db.exec('ROLLBACK')
      db.close()
    },
  }
}

/** A disk that can be filled and freed while the gateway runs on it. */
export interface DiskFiller {
  /** `tmpfs`: the whole data dir (database and blobs) on a small filesystem; `max_page_count`: only the database. */
  readonly kind: 'tmpfs' | 'max_page_count'
  fill(): void
  free(): void
}

/**
 * A small tmpfs mounted at `dir` (a fresh, empty directory), where this process may mount one (root
 * on Linux); null elsewhere. `unmount` after the gateway on it closed.
 */
export function mountTmpfs(dir: string, sizeMb = 32): { dir: string; unmount(): void } | null {
  mkdirSync(dir, { recursive: true })
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir], { stdio: 'ignore' })
  } catch {
    return null
  }
  return { dir, unmount: () => execFileSync('umount', ['-l', dir], { stdio: 'ignore' }) }
}

/**
 * Fills the tmpfs holding `dataDir` to the last byte with a ballast file, after emptying the database's
 * WAL (a checkpoint through a second connection), so that every commit of the gateway must grow the WAL
 * and fails with SQLITE_FULL, and every blob write with ENOSPC. `free` deletes the ballast.
 */
export function tmpfsFiller(dataDir: string): DiskFiller {
  const ballast = join(dataDir, 'ballast')
  return {
    kind: 'tmpfs',
    fill() {
      const db = new Database(join(dataDir, 'gatehouse.db'))
      try {
        // A reader of the gateway's may keep part of the WAL for a moment: try until it is empty.
        for (let i = 0; i < 200; i++) {
          const [r] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number; log: number }>
          if (r!.busy === 0 && r!.log === 0) break
        }
      } finally {
        db.close()
      }
      const fd = openSync(ballast, 'w')
      try {
        for (const size of [1 << 20, 1 << 12, 1]) {
          const block = Buffer.alloc(size, 1)
          try {
            for (;;) writeSync(fd, block)
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e
          }
        }
      } finally {
        closeSync(fd)
      }
    },
    free: () => rmSync(ballast, { force: true }),
  }
}

/**
 * The database's own limit (`PRAGMA max_page_count`, a setting of one connection, so it goes on the
 * gateway's): the file may not grow past its present size, so a write that needs a new page fails with
 * SQLITE_FULL as on a full disk. Writes that fit the pages' free space still succeed, as they would.
 */
export function pageCapFiller(db: { pragma(sql: string): unknown }): DiskFiller {
  return {
    kind: 'max_page_count',
    fill: () => void db.pragma(`max_page_count = ${(db.pragma('page_count') as Array<{ page_count: number }>)[0]!.page_count}`),
    free: () => void db.pragma('max_page_count = 4294967294'),
  }
}
