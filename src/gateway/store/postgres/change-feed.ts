import type pg from 'pg'
import { loadOnFirstUse } from '../../kernel/load-on-first-use'
import type { PostgresDb } from './postgres-db'

/** How often the safety net polls the change sequence, for a notification lost with a dropped connection. */
export const CHANGE_CHECK_MS = 1000
const RECONNECT_MS = 1000
// Loaded with the first PostgreSQL store: a SQLite gateway never needs it.
const pgModule = loadOnFirstUse<typeof pg>('pg')

export interface ChangeWatch {
  register(clear: () => void, table: string): void
  check(): void
}

/**
 * The caches of one instance follow every other instance's commits (migration 0013): a second, async
 * connection LISTENs to `gatehouse_changes`, whose notifications name the changed table, so a cache of
 * that table is cleared before its next read, within milliseconds of the commit. Once a second a read
 * also compares `gatehouse_changes_seq` with the last value seen and clears every cache when it moved
 * (twice: a change seen before its commit is read again after it), which covers notifications lost
 * while the listening connection was down.
 */
export function postgresChangeWatch(db: PostgresDb, now: () => number): ChangeWatch {
  const clears: Array<{ clear: () => void; table: string }> = []
  const changed = new Set<string>()
  let everything = false
  const sequence = db.prepare('SELECT last_value FROM gatehouse_changes_seq').pluck()
  let seen = sequence.get()
  let lookAgain = false
  let nextCheck = now() + CHANGE_CHECK_MS
  // This instance's own writes cleared its caches as they were made, as on SQLite.
  const listener = listen(
    db.url,
    (table, pid) => void (db.isOwnServerProcess(pid) || changed.add(table)),
    () => (everything = true),
  )
  db.onClose(() => listener.stop())
  return {
    register: (clear, table) => void clears.push({ clear, table }),
    check() {
      const t = now()
      if (t >= nextCheck) {
        nextCheck = t + CHANGE_CHECK_MS
        const current = sequence.get()
        if (current !== seen || lookAgain) everything = true
        lookAgain = current !== seen
        seen = current
      }
      if (!everything && changed.size === 0) return
      for (const c of clears) if (everything || changed.has(c.table)) c.clear()
      everything = false
      changed.clear()
    },
  }
}

/** LISTENs on its own connection, reconnecting when it drops; `onGap` runs whenever notifications may have been missed. */
function listen(url: string, onChange: (table: string, pid: number) => void, onGap: () => void): { stop(): void } {
  let stopped = false
  let client: pg.Client | undefined
  let timer: NodeJS.Timeout | undefined
  const retry = () => {
    onGap()
    if (stopped || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, RECONNECT_MS)
    timer.unref()
  }
  async function connect(): Promise<void> {
    const c = new (pgModule().Client)({ connectionString: url, application_name: 'gatehouse-changes' })
    client = c
    c.on('notification', (n) => onChange(n.payload ?? '', n.processId))
    c.on('error', () => {})
    c.on('end', () => {
      if (client === c) retry()
    })
    try {
      await c.connect()
      // A listener must never keep the process alive.
      ;(c as unknown as { connection?: { stream?: { unref?(): void } } }).connection?.stream?.unref?.()
      await c.query('LISTEN gatehouse_changes')
      if (stopped) await c.end()
      else onGap()
    } catch {
      if (client === c) {
        client = undefined
        c.end().catch(() => {})
        retry()
      }
    }
  }
  void connect()
  return {
    stop() {
      stopped = true
      clearTimeout(timer)
      const c = client
      client = undefined
      c?.end().catch(() => {})
    },
  }
}
