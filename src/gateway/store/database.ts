import Database from 'better-sqlite3'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Db } from './db'
import { migrations } from './migrations'
import { prepareOnFirstUse } from './prepared-on-first-use'
import { checkpointAfterBackgroundFlush, shouldFlushWalInBackground } from './wal-checkpoints'

export type { Db } from './db'

/**
 * Opens (creating if needed) the gateway database in WAL mode and brings its schema up to date.
 * `nativeBinding` lets Electron load a better-sqlite3 built for its own ABI without touching the
 * one in node_modules that plain Node (serve, tests) uses.
 */
export function openDatabase(file: string, opts: { nativeBinding?: string } = {}): Database.Database {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true })
    makePrivate(file)
  }
  const db = new Database(file, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {})
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  // Start-up may wait for another process's write: it has nothing else to serve yet (see servingBusyTimeout).
  db.pragma(`busy_timeout = ${STARTING_BUSY_TIMEOUT_MS}`)
  migrate(db)
  const checkpoints = shouldFlushWalInBackground(file) ? checkpointAfterBackgroundFlush(db, `${file}-wal`) : undefined
  prepareOnFirstUse(db, checkpoints?.noteWrite)
  return db
}

const STARTING_BUSY_TIMEOUT_MS = 5000

/**
 * How long a write waits for the lock of another process (a backup tool, the `sqlite3` shell) once the
 * gateway serves (start-up waits 5 s). better-sqlite3 is synchronous: the wait blocks the whole event
 * loop, every request and `/health` with it (5 s measured 5.2 s of stall in `npm run bench -- fault`).
 * A data dir has one gateway, so only another process
 * ever holds the lock: 20 ms absorbs a short write of the shell; past it the write fails with
 * SQLITE_BUSY, the usage log's group commit retries with back-off and a request's own write answers
 * 503 with Retry-After, so a lock held for seconds costs no more than 20 ms of stall at a time. (The
 * group commit's transaction reads before it writes, so SQLite fails it at once without waiting at all.)
 */
export const SERVING_BUSY_TIMEOUT_MS = 20

/** Once start-up's writes are done and the gateway is about to serve: see SERVING_BUSY_TIMEOUT_MS. */
export function servingBusyTimeout(db: Db): void {
  if (!isSqlite(db)) return
  db.pragma(`busy_timeout = ${SERVING_BUSY_TIMEOUT_MS}`)
}

/**
 * Keys, usage and conversations live in these files: 0600 whatever the umask. SQLite gives the -wal
 * and -shm files it creates the mode of the database file, so creating that one 0600 covers all three;
 * files left by an older version are tightened.
 */
function makePrivate(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600))
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600)
}

/** Applies each pending migration in its own transaction, which also sets `user_version`. */
export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number
  for (const migration of migrations) {
    if (migration.version <= current) continue
    db.transaction(() => {
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    })()
  }
}

export const isSqlite = (db: Db): db is Database.Database => db instanceof Database
