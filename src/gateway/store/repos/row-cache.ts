import type { Db } from '../database'
import { dataVersionWatch } from './data-version'

/**
 * One value read from the database, cached outside transactions and cleared by its writer, or when
 * another connection (another process on the data dir, another instance on PostgreSQL) commits to its
 * `table` (see data-version.ts).
 */
export function valueCache<T>(db: Db, table: string, load: () => T) {
  let cached: { value: T } | null = null
  const watch = dataVersionWatch(db)
  const clear = () => void (cached = null)
  watch.register(clear, table)
  return {
    get(): T {
      watch.check()
      if (cached) return cached.value
      const value = load()
      if (!db.inTransaction) cached = { value }
      return value
    },
    /** A value this connection knows is committed (its own write read it back), so the next get needs no read; ignored inside a transaction. */
    set(value: T): void {
      if (!db.inTransaction) cached = { value }
    },
    clear,
  }
}

/**
 * A whole-table read cache for the small tables read on every request (models, providers, teams,
 * agents). The owning repository clears it on each write; a commit of another connection clears it
 * too (see data-version.ts). Reads inside a transaction are never cached, so a rolled-back write
 * cannot leave a stale row behind.
 */
export function tableCache<T>(db: Db, table: string, load: () => T[]) {
  let rows: readonly T[] | null = null
  const watch = dataVersionWatch(db)
  const clear = () => void (rows = null)
  watch.register(clear, table)
  return {
    all(): readonly T[] {
      watch.check()
      if (rows) return rows
      const loaded = load().map((r) => Object.freeze(r))
      if (!db.inTransaction) rows = loaded
      return loaded
    },
    clear,
  }
}

/**
 * Rows looked up by a key on every request (API keys and OAuth tokens by hash): each row found is
 * cached outside transactions; the owning repository clears the cache on each write, and a commit of
 * another connection clears it too. Misses are not cached, so a row inserted later is found.
 */
export function keyedCache<T>(db: Db, table: string, load: (key: string) => T | undefined) {
  const rows = new Map<string, T>()
  const watch = dataVersionWatch(db)
  const clear = () => rows.clear()
  watch.register(clear, table)
  return {
    get(key: string): T | undefined {
      watch.check()
      const cached = rows.get(key)
      if (cached) return cached
      const row = load(key)
      if (row && !db.inTransaction) rows.set(key, row)
      return row
    },
    /** The rows cached now, for a repository that updates them in place. */
    cached: () => rows.values(),
    clear,
  }
}
