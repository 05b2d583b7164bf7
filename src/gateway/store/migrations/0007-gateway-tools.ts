import type { Migration } from './index'

/**
 * Gateway-run tools (issue 14): RAG collections with their documents and chunks (FTS5 full-text index
 * kept by triggers; a chunk's embedding as little-endian float32 when its collection has an embedding
 * model), the tool runs of each request in the usage log, and uploads for OCR (`vision`, `user_data`),
 * which needs the files table rebuilt since SQLite cannot change a CHECK constraint in place.
 */
export const gatewayTools: Migration = {
  version: 7,
  name: 'gateway-tools',
  sql: /* sql */ `
    CREATE TABLE rag_collections (
      id              TEXT PRIMARY KEY,
      name            TEXT NOT NULL UNIQUE,
      description     TEXT,
      embedding_model TEXT,
      dimensions      INTEGER,
      chunk_size      INTEGER NOT NULL,
      chunk_overlap   INTEGER NOT NULL,
      created_at      INTEGER NOT NULL,
      updated_at      INTEGER NOT NULL
    );

    CREATE TABLE rag_documents (
      id            TEXT PRIMARY KEY,
      collection_id TEXT NOT NULL REFERENCES rag_collections(id) ON DELETE CASCADE,
      name          TEXT NOT NULL,
      format        TEXT NOT NULL CHECK (format IN ('text', 'markdown', 'html', 'pdf')),
      bytes         INTEGER NOT NULL,
      characters    INTEGER NOT NULL,
      chunks        INTEGER NOT NULL,
      created_at    INTEGER NOT NULL
    );
    CREATE INDEX rag_documents_collection ON rag_documents(collection_id, created_at, id);

    CREATE TABLE rag_chunks (
      id            INTEGER PRIMARY KEY,
      document_id   TEXT NOT NULL REFERENCES rag_documents(id) ON DELETE CASCADE,
      collection_id TEXT NOT NULL,
      seq           INTEGER NOT NULL,
      text          TEXT NOT NULL,
      embedding     BLOB
    );
    CREATE INDEX rag_chunks_collection ON rag_chunks(collection_id);
    CREATE INDEX rag_chunks_document ON rag_chunks(document_id, seq);

    CREATE VIRTUAL TABLE rag_chunks_fts USING fts5(text, content = 'rag_chunks', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2');
    CREATE TRIGGER rag_chunks_fts_insert AFTER INSERT ON rag_chunks BEGIN
      INSERT INTO rag_chunks_fts(rowid, text) VALUES (new.id, new.text);
    END;
    CREATE TRIGGER rag_chunks_fts_delete AFTER DELETE ON rag_chunks BEGIN
      INSERT INTO rag_chunks_fts(rag_chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
    END;

    ALTER TABLE usage_log ADD COLUMN tools TEXT;

    CREATE TABLE files_next (
      id          TEXT PRIMARY KEY,
      team_id     TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      filename    TEXT NOT NULL,
      purpose     TEXT NOT NULL CHECK (purpose IN ('batch', 'batch_output', 'vision', 'user_data')),
      bytes       INTEGER NOT NULL CHECK (bytes >= 0),
      created_at  INTEGER NOT NULL,
      expires_at  INTEGER NOT NULL
    );
    INSERT INTO files_next (id, team_id, filename, purpose, bytes, created_at, expires_at)
      SELECT id, team_id, filename, purpose, bytes, created_at, expires_at FROM files;
    DROP TABLE files;
    ALTER TABLE files_next RENAME TO files;
    CREATE INDEX files_team_order ON files(team_id, created_at, id);
    CREATE INDEX files_expiry ON files(expires_at);
  `,
}
