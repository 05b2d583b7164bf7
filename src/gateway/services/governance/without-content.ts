import type { UsageRow } from '../../store/repos/usage-repo'

const NOT_KEPT = '(not kept: the team keeps no content)'

/**
 * A usage row of a team whose data policy is `keep_content: false`: counts, models and statuses stay;
 * error messages (an upstream may quote the prompt in one) and what the gateway's tools ran on go.
 */
export function withoutContent(row: UsageRow): UsageRow {
  return {
    ...row,
    error: row.error === null ? null : NOT_KEPT,
    attempts: row.attempts.map((a) => (a.error === undefined ? a : { ...a, error: NOT_KEPT })),
    tools: row.tools.map((t) => ({ ...t, input: NOT_KEPT, ...(t.error === undefined ? {} : { error: NOT_KEPT }) })),
  }
}
