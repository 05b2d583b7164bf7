/** How often a credential's last use is written: every request reads it, few need to write it. */
const TOUCH_EVERY_MS = 60_000

/** Whether a key's, OAuth client's or web session's last use should be written now. */
export const touchDue = (lastUsedAt: number | null, now: number): boolean => lastUsedAt === null || now - lastUsedAt > TOUCH_EVERY_MS
