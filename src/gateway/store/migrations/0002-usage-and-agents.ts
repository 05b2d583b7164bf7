import type { Migration } from './index'

/** The usage log (one row per request, with every attempt), stored completions, and agents. */
export const usageAndAgents: Migration = {
  version: 2,
  name: 'usage-and-agents',
  sql: /* sql */ `
    CREATE TABLE usage_log (
      id                    TEXT PRIMARY KEY,
      created_at            INTEGER NOT NULL,
      endpoint              TEXT NOT NULL,
      source                TEXT NOT NULL DEFAULT 'api',
      key_id                TEXT,
      team_id               TEXT,
      user_id               TEXT,
      requested_model       TEXT,
      model_id              TEXT,
      model_name            TEXT,
      attempts              TEXT NOT NULL DEFAULT '[]',
      status                INTEGER NOT NULL,
      stream                INTEGER NOT NULL DEFAULT 0,
      latency_ms            INTEGER NOT NULL,
      prompt_tokens         INTEGER NOT NULL DEFAULT 0,
      completion_tokens     INTEGER NOT NULL DEFAULT 0,
      cached_tokens         INTEGER NOT NULL DEFAULT 0,
      cache_creation_tokens INTEGER NOT NULL DEFAULT 0,
      audio_seconds         REAL NOT NULL DEFAULT 0,
      characters            INTEGER NOT NULL DEFAULT 0,
      credits_micro         INTEGER NOT NULL DEFAULT 0,
      usage_estimated       INTEGER NOT NULL DEFAULT 0,
      error                 TEXT,
      metadata              TEXT
    );
    CREATE INDEX usage_log_created ON usage_log(created_at, id);
    CREATE INDEX usage_log_team ON usage_log(team_id, created_at);

    CREATE TABLE stored_completions (
      id          TEXT PRIMARY KEY,
      usage_id    TEXT NOT NULL,
      created_at  INTEGER NOT NULL,
      team_id     TEXT NOT NULL,
      model_name  TEXT NOT NULL,
      request     TEXT NOT NULL,
      response    TEXT NOT NULL,
      metadata    TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX stored_completions_created ON stored_completions(created_at, id);

    CREATE TABLE agents (
      id            TEXT PRIMARY KEY,
      name          TEXT NOT NULL,
      model         TEXT NOT NULL,
      system_prompt TEXT,
      params        TEXT NOT NULL DEFAULT '{}',
      tools         TEXT NOT NULL DEFAULT '[]',
      created_at    INTEGER NOT NULL,
      updated_at    INTEGER NOT NULL
    );
  `,
}
