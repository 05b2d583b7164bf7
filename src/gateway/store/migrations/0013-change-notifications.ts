import type { Migration } from '.'

/** The tables whose rows gateways cache in memory (or read on every request), watched for changes by every instance. */
const WATCHED: Array<{ table: string; columns?: string }> = [
  // last_used_at / last_seen_at change on use; caches update them in place, so those writes notify no one.
  { table: 'api_keys', columns: 'kind, team_id, user_id, hash, hint, name, source, expires_at, issued_expires_at, deprecated_at, replaced_by, revoked_at' },
  { table: 'oauth_clients', columns: 'kind, team_id, user_id, name, secret_hash, secret_hint, scopes, token_ttl_seconds, secret_rotated_at, revoked_at' },
  { table: 'oauth_tokens' },
  { table: 'teams' },
  { table: 'users' },
  { table: 'models' },
  { table: 'providers' },
  { table: 'agents' },
  { table: 'company' },
  { table: 'settings' },
  { table: 'web_sessions', columns: 'secret_hash, token_mark, user_agent, expires_at' },
  { table: 'mcp_servers' },
  { table: 'mcp_server_teams' },
]

/**
 * Cache invalidation across instances on PostgreSQL (store/postgres/change-feed.ts): a write to a watched
 * table NOTIFYs `gatehouse_changes` with the table's name (delivered at commit, once per transaction and
 * table) and advances `gatehouse_changes_seq`, which each instance also polls as a safety net. A sequence
 * takes no row lock, so concurrent writers never wait on it. SQLite needs none of it: `PRAGMA
 * data_version` tells a connection that another one committed.
 */
export const changeNotifications: Migration = {
  version: 13,
  name: 'change-notifications',
  sql: '',
  postgres: /* sql */ `
    CREATE SEQUENCE gatehouse_changes_seq;
    CREATE FUNCTION gatehouse_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM nextval('gatehouse_changes_seq');
      PERFORM pg_notify('gatehouse_changes', TG_TABLE_NAME);
      RETURN NULL;
    END $$;
    ${WATCHED.map(
      ({ table, columns }) => `
    CREATE TRIGGER ${table}_changed AFTER INSERT OR DELETE OR UPDATE${columns ? ` OF ${columns}` : ''} ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_changed();
    CREATE TRIGGER ${table}_truncated AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_changed();`,
    ).join('')}
  `,
}
