import type { Migration } from '../migrations'
import type { PostgresDb } from './postgres-db'
import { postgresDdl } from './postgres-ddl'

/** Any constant shared by every instance: the advisory lock that makes instances starting together migrate once. */
const MIGRATION_LOCK = 0x6761_7465

/**
 * Applies each pending migration in its own transaction, recording it in `schema_migrations`, under an
 * advisory lock: an instance that starts while another migrates waits, then finds nothing left to do.
 */
export function migratePostgres(db: PostgresDb, migrations: readonly Migration[]): void {
  // Another instance may hold the lock for as long as its migrations take: wait, and let them run.
  db.execUnlimited(`SET lock_timeout = 0; SET statement_timeout = 0; SELECT pg_advisory_lock(${MIGRATION_LOCK})`)
  try {
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)')
    const current = db.prepare('SELECT COALESCE(MAX(version), 0) FROM schema_migrations').pluck().get() as number
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
    for (const m of migrations) {
      if (m.version <= current) continue
      db.transaction(() => {
        db.execUnlimited(postgresDdl(m.postgres ?? m.sql))
        record.run(m.version, m.name, Date.now())
      })()
    }
  } finally {
    db.exec(`SELECT pg_advisory_unlock(${MIGRATION_LOCK}); RESET lock_timeout; RESET statement_timeout`)
  }
}

/** The newest schema version applied, 0 for a fresh database. */
export function postgresSchemaVersion(db: PostgresDb): number {
  const exists = db.prepare("SELECT to_regclass('schema_migrations') IS NOT NULL").pluck().get()
  return exists ? (db.prepare('SELECT COALESCE(MAX(version), 0) FROM schema_migrations').pluck().get() as number) : 0
}
