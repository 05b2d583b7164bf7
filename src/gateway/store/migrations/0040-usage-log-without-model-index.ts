import type { Migration } from './index'

/**
 * usage_log_model (model_name, created_at) served no query: the usage log is filtered by model as
 * `model_name = ? OR requested_model = ?`, which neither SQLite nor PostgreSQL can answer from an index
 * of one of the two columns, so both walk usage_log_created instead. Every usage row still updated it,
 * about 1 us of each group commit's row.
 */
export const usageLogWithoutModelIndex: Migration = {
  version: 40,
  name: 'usage-log-without-model-index',
  sql: /* sql */ `
    DROP INDEX IF EXISTS usage_log_model;
  `,
}
