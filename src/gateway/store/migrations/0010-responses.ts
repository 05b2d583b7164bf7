import type { Migration } from './index'

/**
 * Responses kept for `previous_response_id`, `GET /v1/responses/{id}` and its input items (`store`,
 * true by default as at OpenAI), per team, until `expires_at` (config `responses.retention`).
 * `response_items` indexes every input and output item by id, for `item_reference`.
 */
export const responsesSchema: Migration = {
  version: 10,
  name: 'responses',
  sql: /* sql */ `
    CREATE TABLE responses (
      id                   TEXT PRIMARY KEY,
      team_id              TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      previous_response_id TEXT,
      created_at           INTEGER NOT NULL,
      expires_at           INTEGER NOT NULL,
      response             TEXT NOT NULL,
      input_items          TEXT NOT NULL
    );
    CREATE INDEX responses_expiry ON responses (expires_at);

    CREATE TABLE response_items (
      team_id     TEXT NOT NULL,
      id          TEXT NOT NULL,
      response_id TEXT NOT NULL REFERENCES responses(id) ON DELETE CASCADE,
      item        TEXT NOT NULL,
      PRIMARY KEY (team_id, id)
    );
    CREATE INDEX response_items_response ON response_items (response_id);
  `,
}
