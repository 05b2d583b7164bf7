import type { Db } from '../database'

/** One value read from the database, cached outside transactions and cleared by its writer. */
export function valueCache<T>(db: Db, load: () => T) {
  let cached: { value: T } | null = null
  return {
    get(): T {
      if (cached) return cached.value
      const value = load()
      if (!db.inTransaction) cached = { value }
      return value
    },
    clear(): void {
      cached = null
    },
  }
}

/**
 * A whole-table read cache for the small tables read on every request (models, providers, teams,
 * agents). The owning repository clears it on each write. Reads inside a transaction are never
 * cached, so a rolled-back write cannot leave a stale row behind.
 */
export function tableCache<T>(db: Db, load: () => T[]) {
  let rows: readonly T[] | null = null
  return {
    all(): readonly T[] {
      if (rows) return rows
      const loaded = load().map((r) => Object.freeze(r))
      if (!db.inTransaction) rows = loaded
      return loaded
    },
    clear(): void {
      rows = null
    },
  }
}
