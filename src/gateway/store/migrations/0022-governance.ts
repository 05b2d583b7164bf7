import { notifyChangesOf } from './0013-change-notifications'
import type { Migration } from './index'

/**
 * Issue 27's governance: limits and budgets per key, user, team and model within a team (`scope_id`
 * of a `team_model` row is `<team id>/<model name>`), a team's data policy, and the counters that
 * enforce them. Counters are rows so that instances sharing a store share them: a per-scope per-minute
 * window and a per-scope per-period spend, both bumped by an atomic upsert. Portable SQL (SQLite and
 * PostgreSQL). Rows of deleted keys, users or teams are harmless and removed with them by the admin.
 */
const schema = /* sql */ `
    CREATE TABLE governance (
      scope TEXT NOT NULL,
      scope_id TEXT NOT NULL,
      rpm_limit INTEGER,
      tpm_limit INTEGER,
      budget_credits_micro INTEGER,
      budget_period TEXT,
      local_only INTEGER NOT NULL DEFAULT 0,
      keep_content INTEGER NOT NULL DEFAULT 1,
      updated_at INTEGER NOT NULL,
      PRIMARY KEY (scope, scope_id)
    );
    CREATE TABLE rate_windows (
      scope_key TEXT NOT NULL,
      window_start INTEGER NOT NULL,
      requests INTEGER NOT NULL,
      tokens INTEGER NOT NULL,
      PRIMARY KEY (scope_key, window_start)
    );
    CREATE TABLE budget_spend (
      scope_key TEXT NOT NULL,
      period_start INTEGER NOT NULL,
      spent_micro INTEGER NOT NULL,
      PRIMARY KEY (scope_key, period_start)
    );
  `

/** Limits and policies are cached by every instance (governance-repo): PostgreSQL tells them when they change. */
export const governanceSchema: Migration = {
  version: 22,
  name: 'governance',
  sql: schema,
  postgres: schema + notifyChangesOf([{ table: 'governance' }]),
}
