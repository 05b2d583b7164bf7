import type { Db } from '../database'
import { postgresChangeWatch } from '../postgres/change-feed'
import { PostgresDb } from '../postgres/postgres-db'

/**
 * How stale a cache may be with respect to another process's commits. `PRAGMA data_version` costs
 * about 2 µs (it opens a read transaction on the WAL), more than a whole cached lookup, so it runs at
 * most once per interval per connection, not on every read: a key revoked by another process on the
 * same data dir is refused here at most this long after its commit.
 */
export const DATA_VERSION_CHECK_MS = 100

let clock: () => number = () => performance.now()

/** For tests: drives the check interval by hand. */
export function setDataVersionClock(now: () => number): void {
  clock = now
}

export interface DataVersionWatch {
  /** Registers the `clear` of a cache of `table`, run when another connection has committed since the last check. */
  register(clear: () => void, table: string): void
  /** Called before answering from memory; runs the pragma at most once per DATA_VERSION_CHECK_MS. */
  check(): void
}

const watches = new WeakMap<Db, DataVersionWatch>()

/**
 * The watch of one connection, shared by its caches. On PostgreSQL: notifications from every instance
 * (postgres/change-feed.ts). SQLite's `data_version` changes when another
 * connection (another gateway process, a tool) commits; this connection's own writes do not change
 * it, and its repositories clear their caches on those themselves.
 */
export function dataVersionWatch(db: Db): DataVersionWatch {
  let watch = watches.get(db)
  if (watch) return watch
  if (db instanceof PostgresDb) {
    watch = postgresChangeWatch(db, () => clock())
    watches.set(db, watch)
    return watch
  }
  const version = db.prepare('PRAGMA data_version').pluck()
  let seen = version.get()
  let nextCheck = clock() + DATA_VERSION_CHECK_MS
  const clears: Array<() => void> = []
  watch = {
    // data_version says that someone committed, not what: a commit clears every cache.
    register: (clear) => void clears.push(clear),
    check() {
      const now = clock()
      if (now < nextCheck) return
      nextCheck = now + DATA_VERSION_CHECK_MS
      const current = version.get()
      if (current === seen) return
      seen = current
      for (const clear of clears) clear()
    },
  }
  watches.set(db, watch)
  return watch
}
