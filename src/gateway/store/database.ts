import Database from 'better-sqlite3'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import { migrations } from './migrations'

export type Db = Database.Database

/**
 * Opens (creating if needed) the gateway database in WAL mode and brings its schema up to date.
 * `nativeBinding` lets Electron load a better-sqlite3 built for its own ABI without touching the
 * one in node_modules that plain Node (serve, tests) uses.
 */
export function openDatabase(file: string, opts: { nativeBinding?: string } = {}): Db {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true })
    makePrivate(file)
  }
  const db = new Database(file, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {})
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  migrate(db)
  return db
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
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number
  for (const migration of migrations) {
    if (migration.version <= current) continue
    db.transaction(() => {
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    })()
  }
}
