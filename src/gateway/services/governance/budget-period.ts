import type { BudgetPeriod } from '../../store/repos/governance-repo'

const DAY_MS = 86_400_000
// 1970-01-01 was a Thursday: weeks start on the Monday 3 days before it, and every 7 days from there.
const MONDAY_OFFSET_MS = 3 * DAY_MS

/**
 * The period a moment falls in, in UTC: `1d` a calendar day, `7d` a week from Monday, `30d` a block of
 * 30 days counted from the epoch (the same blocks on every instance, with no anchor to store), `month`
 * a calendar month. A budget renews at `end`.
 */
export function budgetPeriod(period: BudgetPeriod, now: number): { start: number; end: number } {
  switch (period) {
    case '1d':
      return block(now, DAY_MS, 0)
    case '7d':
      return block(now, 7 * DAY_MS, MONDAY_OFFSET_MS)
    case '30d':
      return block(now, 30 * DAY_MS, 0)
    case 'month': {
      const d = new Date(now)
      return { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) }
    }
  }
}

function block(now: number, length: number, offset: number) {
  const start = Math.floor((now + offset) / length) * length - offset
  return { start, end: start + length }
}
