import { randomBytes } from 'node:crypto'
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { isProcessAlive } from '../kernel/process-alive'
import { isoTime } from '../kernel/iso-time'

export const LOCK_FILE = 'gatehouse.lock'

/** What the lock file records about the instance that owns a data dir. */
export interface LockHolder {
  pid: number
  /** `serve` or `desktop`. */
  owner: string
  /** Where the owner's gateway listens; null while it is still starting. */
  url: string | null
  startedAt: string
}

/** A second instance was started on a data dir that a running one owns. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.url ? `at ${holder.url}` : '(still starting, no URL yet)'
    super(
      `Another Gatehouse (${holder.owner}, pid ${holder.pid}) already runs on the data dir ${dataDir}, ${where}. ` +
        `Use that one, stop it first, or pick another --data-dir. ` +
        `If no such process runs, delete ${join(dataDir, LOCK_FILE)}.`,
    )
    this.name = 'DataDirLockedError'
  }
}

export interface DataDirLock {
  readonly file: string
  /** Records where this instance listens, for a second start to name it. */
  setUrl(url: string): void
  release(): void
}

const heldByThisProcess = new Map<string, LockHolder>()

function parseHolder(text: string): LockHolder | null {
  try {
    const v = JSON.parse(text) as Partial<LockHolder>
    return typeof v.pid === 'number' ? { pid: v.pid, owner: String(v.owner ?? 'unknown'), url: typeof v.url === 'string' ? v.url : null, startedAt: String(v.startedAt ?? '') } : null
  } catch {
    return null
  }
}

/** Reads who owns a data dir, if a live process does. */
export function readLockHolder(dataDir: string): LockHolder | null {
  let text: string
  try {
    text = readFileSync(join(dataDir, LOCK_FILE), 'utf8')
  } catch {
    return null
  }
  const holder = parseHolder(text)
  return holder && isProcessAlive(holder.pid) ? holder : null
}

/**
 * Moves a stale lock aside, atomically. Another process may have replaced it since we read it: then we
 * moved a live lock, which goes straight back, and the caller reads the lock again.
 */
function breakStaleLock(file: string, staleText: string): void {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`
  try {
    renameSync(file, aside)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return
    throw e
  }
  if (readFileSync(aside, 'utf8') !== staleText) {
    try {
      linkSync(aside, file)
    } catch {
      // a third process took the lock meanwhile: it is the owner now
    }
  }
  unlinkSync(aside)
}

/**
 * Makes this process the single owner of a data dir: two gateways on one SQLite file would each trust
 * their own caches of keys and credits. The lock file is created exclusively; a lock whose process
 * is gone (a crash, a power cut) is stale and taken over.
 */
export function acquireDataDirLock(dataDir: string, owner: string): DataDirLock {
  const file = join(dataDir, LOCK_FILE)
  const pid = process.pid
  const heldHere = heldByThisProcess.get(file)
  if (heldHere) throw new DataDirLockedError(dataDir, heldHere)
  const startedAt = isoTime(Date.now())
  let mine = JSON.stringify({ pid, owner, url: null, startedAt } satisfies LockHolder)
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o600 })
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw e
    }
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue // released between our create and our read
    }
    const holder = parseHolder(text)
    // A lock with our own pid that this process does not hold is stale: a container restarts with the same pid.
    if (holder && holder.pid !== pid && isProcessAlive(holder.pid)) throw new DataDirLockedError(dataDir, holder)
    breakStaleLock(file, text)
  }
  heldByThisProcess.set(file, JSON.parse(mine) as LockHolder)
  const ownsLock = () => {
    try {
      return readFileSync(file, 'utf8') === mine
    } catch {
      return false
    }
  }
  return {
    file,
    setUrl(url) {
      if (!ownsLock()) return
      const next = JSON.stringify({ pid, owner, url, startedAt } satisfies LockHolder)
      const tmp = `${file}.${pid}.tmp`
      writeFileSync(tmp, next, { mode: 0o600 })
      renameSync(tmp, file)
      mine = next
      heldByThisProcess.set(file, JSON.parse(next) as LockHolder)
    },
    release() {
      heldByThisProcess.delete(file)
      if (ownsLock()) unlinkSync(file)
    },
  }
}
