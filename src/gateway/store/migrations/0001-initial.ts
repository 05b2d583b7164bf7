import type { Migration } from './index'

export const initialSchema: Migration = {
  version: 1,
  name: 'initial',
  sql: /* sql */ `
    CREATE TABLE settings (
      key   TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );

    CREATE TABLE providers (
      id          TEXT PRIMARY KEY,
      type        TEXT NOT NULL CHECK (type IN ('openai', 'anthropic', 'local')),
      base_url    TEXT,
      api_key_ref TEXT,
      secret      BLOB,
      options     TEXT NOT NULL DEFAULT '{}',
      source      TEXT NOT NULL CHECK (source IN ('config', 'admin')),
      created_at  INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL
    );

    CREATE TABLE models (
      id          TEXT PRIMARY KEY,
      name        TEXT NOT NULL UNIQUE,
      provider_id TEXT NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
      upstream    TEXT,
      engine      TEXT,
      file        TEXT,
      aliases     TEXT NOT NULL DEFAULT '[]',
      pricing     TEXT NOT NULL DEFAULT '{}',
      options     TEXT NOT NULL DEFAULT '{}',
      source      TEXT NOT NULL CHECK (source IN ('config', 'admin')),
      created_at  INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL
    );

    CREATE TABLE teams (
      id          TEXT PRIMARY KEY,
      name        TEXT NOT NULL UNIQUE,
      models      TEXT,
      fallbacks   TEXT NOT NULL DEFAULT '{}',
      use_fallbacks INTEGER NOT NULL DEFAULT 1,
      source      TEXT NOT NULL CHECK (source IN ('config', 'admin')),
      created_at  INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL
    );

    CREATE TABLE users (
      id          TEXT PRIMARY KEY,
      name        TEXT NOT NULL UNIQUE,
      team_id     TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      source      TEXT NOT NULL CHECK (source IN ('config', 'admin')),
      created_at  INTEGER NOT NULL,
      updated_at  INTEGER NOT NULL
    );

    CREATE TABLE api_keys (
      id             TEXT PRIMARY KEY,
      kind           TEXT NOT NULL CHECK (kind IN ('team', 'user')),
      team_id        TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id        TEXT REFERENCES users(id) ON DELETE CASCADE,
      hash           TEXT NOT NULL UNIQUE,
      hint           TEXT NOT NULL,
      name           TEXT,
      source         TEXT NOT NULL CHECK (source IN ('config', 'admin', 'first-run')),
      created_at     INTEGER NOT NULL,
      expires_at     INTEGER,
      deprecated_at  INTEGER,
      replaced_by    TEXT REFERENCES api_keys(id),
      revoked_at     INTEGER,
      last_used_at   INTEGER,
      CHECK ((kind = 'user') = (user_id IS NOT NULL))
    );
    CREATE INDEX api_keys_team ON api_keys(team_id);

    CREATE TABLE company (
      id                     INTEGER PRIMARY KEY CHECK (id = 1),
      balance_micro          INTEGER NOT NULL,
      config_credits_micro   INTEGER
    );
  `,
}
