import type { Migration } from './index'

/**
 * Security state that must survive restarts and be shared by every process on the data dir:
 * - `api_keys.issued_expires_at`: the expiry a key was issued with, which a rotation's grace period
 *   never overwrites, so a successor inherits that one (existing rows: their expiry, or for deprecated
 *   keys the expiry their successor was issued with);
 * - `web_sessions`: browser sessions kept server-side, revocable one by one or all at once;
 * - `oauth_clients` and `oauth_tokens`: OAuth 2.0 client credentials and the bearer tokens they mint
 *   (secrets and tokens stored as SHA-256 hashes only);
 * - `usage_log.state`: a row is written when a request starts (`started`) and completed at its end
 *   (`done`); a row still `started` when the gateway starts again was `interrupted` by a crash.
 */
export const sessionsOauthUsageState: Migration = {
  version: 8,
  name: 'sessions-oauth-usage-state',
  sql: /* sql */ `
    ALTER TABLE api_keys ADD COLUMN issued_expires_at INTEGER;
    UPDATE api_keys SET issued_expires_at = expires_at WHERE deprecated_at IS NULL;
    UPDATE api_keys SET issued_expires_at = (SELECT r.issued_expires_at FROM api_keys r WHERE r.id = api_keys.replaced_by)
      WHERE deprecated_at IS NOT NULL;

    CREATE TABLE web_sessions (
      id           TEXT PRIMARY KEY,
      secret_hash  TEXT NOT NULL UNIQUE,
      token_mark   TEXT NOT NULL,
      user_agent   TEXT,
      created_at   INTEGER NOT NULL,
      expires_at   INTEGER NOT NULL,
      last_seen_at INTEGER NOT NULL
    );

    CREATE TABLE oauth_clients (
      id                TEXT PRIMARY KEY,
      kind              TEXT NOT NULL CHECK (kind IN ('team', 'user')),
      team_id           TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id           TEXT REFERENCES users(id) ON DELETE CASCADE,
      name              TEXT,
      secret_hash       TEXT NOT NULL,
      secret_hint       TEXT NOT NULL,
      scopes            TEXT NOT NULL,
      token_ttl_seconds INTEGER NOT NULL,
      created_at        INTEGER NOT NULL,
      secret_rotated_at INTEGER NOT NULL,
      revoked_at        INTEGER,
      last_used_at      INTEGER,
      CHECK ((kind = 'user') = (user_id IS NOT NULL))
    );
    CREATE INDEX oauth_clients_team ON oauth_clients(team_id);

    CREATE TABLE oauth_tokens (
      hash       TEXT PRIMARY KEY,
      client_id  TEXT NOT NULL REFERENCES oauth_clients(id) ON DELETE CASCADE,
      scopes     TEXT NOT NULL,
      issued_at  INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX oauth_tokens_expires ON oauth_tokens(expires_at);

    -- 'started' | 'done' | 'interrupted'; no CHECK: the ledger is its one writer, and a CHECK costs about
    -- 1 µs on every usage row insert (measured), a seventh of the insert.
    ALTER TABLE usage_log ADD COLUMN state TEXT NOT NULL DEFAULT 'done';
    CREATE INDEX usage_log_started ON usage_log(state) WHERE state = 'started';
  `,
}
