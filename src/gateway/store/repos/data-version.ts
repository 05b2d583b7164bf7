import type { Db } from '../database'
import { postgresChangeWatch } from '../postgres/change-feed'
import { PostgresDb } from '../postgres/postgres-db'

/**
 * How stale a cache may be with respect to another process's commits. `PRAGMA data_version` costs
 * about 2 µs (it opens a read transaction on the WAL), more than a whole cached lookup, so it runs at
 * most once per interval per connection, not on every read: a key revoked by another process on the
 * same data dir is refused here at most this long after its commit. On SQLite the interval is a timer's
 * (tests drive it with fake timers); PostgreSQL's periodic check reads `clock`.
 */
export const DATA_VERSION_CHECK_MS = 100

let clock: () => number = () => performance.now()

/** For tests: drives PostgreSQL's check interval by hand. */
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
  // Set by a timer one interval after each check: a cached read in between (about ten a proxied request)
  // costs a flag test, not a clock read each (performance.now, ~0.1 µs: ~1 µs a request; issue 30).
  let due = false
  const becomeDue = () => void (due = true)
  const waitInterval = () => void setTimeout(becomeDue, DATA_VERSION_CHECK_MS).unref()
  waitInterval()
  const clears: Array<() => void> = []
  watch = {
    // data_version says that someone committed, not what: a commit clears every cache.
    register: (clear) => void clears.push(clear),
    check() {
      if (!due) return
      due = false
      waitInterval()
      const current = version.get()
      if (current === seen) return
      seen = current
      for (const clear of clears) clear()
    },
  }
  watches.set(db, watch)
  return watch
}
