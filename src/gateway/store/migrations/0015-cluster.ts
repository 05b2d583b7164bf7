import type { Migration } from './index'

/**
 * Several gateways on one store (issue 26). `gateway_instances`: each live gateway and its heartbeat,
 * so the others can tell which are gone. `credit_holds`: what each request in flight holds, with its
 * instance, summed in `company.held_micro` so one conditional UPDATE reserves atomically; the holds of
 * a gone instance come back. `usage_owners`: which instance wrote a `started` usage row, so only the
 * rows of gone instances are marked `interrupted`. `batch_leases`: the one instance running a batch,
 * until `expires_at` (ms) unless it renews. Portable SQL (SQLite and PostgreSQL).
 */
export const cluster: Migration = {
  version: 15,
  name: 'cluster',
  sql: /* sql */ `
    CREATE TABLE gateway_instances (
      id           TEXT PRIMARY KEY,
      host         TEXT NOT NULL,
      pid          INTEGER NOT NULL,
      version      TEXT NOT NULL,
      url          TEXT,
      started_at   INTEGER NOT NULL,
      heartbeat_at INTEGER NOT NULL
    );

    ALTER TABLE company ADD COLUMN held_micro INTEGER NOT NULL DEFAULT 0;

    CREATE TABLE credit_holds (
      id          TEXT PRIMARY KEY,
      instance_id TEXT NOT NULL,
      micro       INTEGER NOT NULL,
      created_at  INTEGER NOT NULL
    );
    CREATE INDEX credit_holds_instance ON credit_holds(instance_id);

    CREATE TABLE usage_owners (
      usage_id    TEXT PRIMARY KEY,
      instance_id TEXT NOT NULL
    );
    CREATE INDEX usage_owners_instance ON usage_owners(instance_id);

    CREATE TABLE batch_leases (
      batch_id    TEXT PRIMARY KEY REFERENCES batches(id) ON DELETE CASCADE,
      instance_id TEXT NOT NULL,
      expires_at  INTEGER NOT NULL
    );
  `,
}
