import type { Migration } from '.'

/**
 * Newest-first lists break ties of `created_at` by insertion order: SQLite's rowid, which PostgreSQL
 * tables lack, so there they get an identity column (store/sql-dialect.ts `insertionOrder`).
 */
export const insertionOrder: Migration = {
  version: 14,
  name: 'insertion-order',
  sql: '',
  postgres: /* sql */ `
    ALTER TABLE usage_log ADD COLUMN seq BIGINT GENERATED ALWAYS AS IDENTITY;
    ALTER TABLE stored_completions ADD COLUMN seq BIGINT GENERATED ALWAYS AS IDENTITY;
  `,
}
