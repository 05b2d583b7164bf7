import { storageFault } from '../../kernel/storage-fault'

/** How often a credential's last use is written: every request reads it, few need to write it. */
const TOUCH_EVERY_MS = 60_000
/** After a write failed for a full disk or a locked database, last uses wait this long before the next try. */
const PAUSE_AFTER_FAULT_MS = 5_000

/** Whether a key's, OAuth client's or web session's last use should be written now. */
export const touchDue = (lastUsedAt: number | null, now: number): boolean => lastUsedAt === null || now - lastUsedAt > TOUCH_EVERY_MS

/**
 * Writes last uses as the hints they are: a full disk or a locked database must not fail the request
 * that was due to write one, nor make every following request wait on the lock again, so a failed
 * write pauses them for a few seconds and the request goes on.
 */
export function lastUseWriter() {
  let pausedUntil = 0
  return (lastUsedAt: number | null, now: number, write: () => void): void => {
    if (!touchDue(lastUsedAt, now) || now < pausedUntil) return
    try {
      write()
    } catch (e) {
      if (!storageFault(e)) throw e
      pausedUntil = now + PAUSE_AFTER_FAULT_MS
    }
  }
}
