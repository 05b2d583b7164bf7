import { migrations } from '../migrations'
import { migratePostgres } from './migrate-postgres'
import { PostgresDb } from './postgres-db'

export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location)

/** The URL as it may be shown: host, port and database, never the user's password. */
export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.hostname || 'localhost'}:${u.port || '5432'}${u.pathname}`
  } catch {
    return 'an unparsable PostgreSQL URL'
  }
}

/** The PostgreSQL server of `store.url` could not be reached (as opposed to a refused schema or a bad URL). */
export class StoreUnreachableError extends Error {}

/** Connects to the database of `store.url` and brings its schema up to date; a failure says where and what to check. */
export function openPostgresDatabase(url: string, applicationName?: string): PostgresDb {
  let db: PostgresDb
  try {
    db = new PostgresDb(url, applicationName)
  } catch (e) {
    const reason = (e as Error).message.replaceAll(url, describePostgresUrl(url))
    throw new StoreUnreachableError(
      `store.url: cannot connect to PostgreSQL at ${describePostgresUrl(url)} (${reason}). ` +
        'Check that the server runs and accepts connections from this host, and the user, password and database name in the URL.',
      { cause: e },
    )
  }
  try {
    migratePostgres(db, migrations)
  } catch (e) {
    db.close()
    throw e
  }
  return db
}
