import { dialectOf, type Db } from './db'

/** A chunk found by its words; `score` is lower for better matches on both engines. */
export interface FullTextHit {
  id: number
  document_id: string
  seq: number
  text: string
  /** Where the chunk's words were said, for a recording's transcript (seconds); null for documents. */
  start_seconds: number | null
  end_seconds: number | null
  score: number
}

/** The distinct words of a query (letters and digits only, so no operator of either engine can be injected). */
export function queryWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  return [...new Set(words)].slice(0, 64)
}

/**
 * Full-text search over RAG chunks, where the engines differ: SQLite's FTS5 index (porter stemming,
 * diacritics folded) ranked by BM25, PostgreSQL's `tsvector` column (english stemming, migration 0007's
 * GIN index) ranked by `ts_rank`, negated so that lower is better there too. Any word matches.
 */
export function createFullTextSearch(db: Db): (collectionId: string, text: string, limit: number) => FullTextHit[] {
  const postgres = dialectOf(db) === 'postgres'
  const stmt = postgres
    ? db.prepare(`
        SELECT c.id, c.document_id, c.seq, c.text, c.start_seconds, c.end_seconds, -ts_rank(c.text_search, q) AS score
        FROM rag_chunks c, to_tsquery('english', @match) q
        WHERE c.text_search @@ q AND c.collection_id = @collectionId
        ORDER BY score, c.id LIMIT @limit`)
    : db.prepare(`
        SELECT c.id, c.document_id, c.seq, c.text, c.start_seconds, c.end_seconds, bm25(rag_chunks_fts) AS score
        FROM rag_chunks_fts JOIN rag_chunks c ON c.id = rag_chunks_fts.rowid
        WHERE rag_chunks_fts MATCH @match AND c.collection_id = @collectionId
        ORDER BY score LIMIT @limit`)
  return (collectionId, text, limit) => {
    const words = queryWords(text)
    if (!words.length) return []
    const match = postgres ? words.join(' | ') : words.map((w) => `"${w}"`).join(' OR ')
    return stmt.all({ match, collectionId, limit }) as FullTextHit[]
  }
}
