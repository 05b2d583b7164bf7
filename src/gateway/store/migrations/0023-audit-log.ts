import type { Migration } from './index'

/** Every admin change: who (admin token or web session), when, what, and the object before and after (no secrets). */
export const auditLog: Migration = {
  version: 23,
  name: 'audit-log',
  sql: /* sql */ `
    CREATE TABLE audit_log (
      id TEXT PRIMARY KEY,
      at INTEGER NOT NULL,
      actor TEXT NOT NULL,
      action TEXT NOT NULL,
      target_kind TEXT NOT NULL,
      target_id TEXT,
      before_json TEXT,
      after_json TEXT
    );
    CREATE INDEX audit_log_at ON audit_log(at DESC, id);
  `,
}
