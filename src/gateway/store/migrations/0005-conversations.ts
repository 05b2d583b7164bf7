import type { Migration } from './index'

/** Playground conversations: the renderer's saved chats (prompt, messages, parameters, tools) as one JSON document each. */
export const conversations: Migration = {
  version: 5,
  name: 'conversations',
  sql: /* sql */ `
    CREATE TABLE conversations (
      id            TEXT PRIMARY KEY,
      title         TEXT NOT NULL,
      model         TEXT,
      data          TEXT NOT NULL,
      search_text   TEXT NOT NULL DEFAULT '',
      message_count INTEGER NOT NULL DEFAULT 0,
      created_at    INTEGER NOT NULL,
      updated_at    INTEGER NOT NULL
    );
    CREATE INDEX conversations_updated ON conversations(updated_at DESC, id);
  `,
}
