import { GatewayError } from '../../shared/errors'

/**
 * Why a write to the data dir failed, when the cause is the machine's and not the request's: the disk
 * (or the user's quota) is full, or another process (a backup tool, the `sqlite3` shell) holds the
 * database's write lock. better-sqlite3's SqliteError and Node's fs errors both carry it in `code`.
 */
export type StorageFault = 'full' | 'locked'

/**
 * PostgreSQL's SQLSTATEs for the same two causes: a full disk, and what passes when tried again (a
 * connection lost or refused while the server restarts, a lock or serialization conflict, a deadlock).
 */
const POSTGRES_DISK_FULL = '53100'
const POSTGRES_PASSING = /^(CONNECTION_LOST|08...|57P0[1-3]|40001|40P01|55P03)$/

export function storageFault(err: unknown): StorageFault | null {
  const code = (err as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return null
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === POSTGRES_DISK_FULL) return 'full'
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || POSTGRES_PASSING.test(code)) return 'locked'
  return null
}

export const STORAGE_FAULT_CAUSE: Record<StorageFault, string> = {
  full: 'the disk holding the data dir is full',
  locked: 'the database is locked by another process',
}

/** Seconds a client should wait before trying again while the database is locked. */
const LOCKED_RETRY_AFTER_S = 2

/** The reply to a request whose write failed for `fault`: 507 for a full disk, 503 with Retry-After for a lock. */
export function storageFaultError(fault: StorageFault, cause?: unknown): GatewayError {
  if (fault === 'full') {
    return new GatewayError({
      status: 507,
      type: 'api_error',
      code: 'insufficient_storage',
      message: 'The disk holding the data dir is full; nothing was stored. Free some space on it, then try again.',
      cause,
    })
  }
  return new GatewayError({
    status: 503,
    type: 'api_error',
    code: 'database_locked',
    message: `The database is locked by another process (a backup or the sqlite3 shell?); nothing was stored. Try again in ${LOCKED_RETRY_AFTER_S} s.`,
    headers: { 'retry-after': String(LOCKED_RETRY_AFTER_S) },
    cause,
  })
}

/**
 * Runs `write` until it succeeds, waiting 50 ms, 100 ms, ... up to 2 s after each storage fault, for
 * background work whose result must not be lost to a passing lock or a full disk. Any other error, or
 * a storage fault once `giveUp()` is true, is thrown.
 */
export async function retryStorageFaults<T>(write: () => T, giveUp: () => boolean = () => false): Promise<T> {
  for (let delay = 50; ; delay = Math.min(2000, delay * 2)) {
    try {
      return write()
    } catch (e) {
      if (!storageFault(e) || giveUp()) throw e
    }
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}
