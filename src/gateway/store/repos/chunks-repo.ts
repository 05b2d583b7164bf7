import type { Db } from '../database'
import { createFullTextSearch, type FullTextHit } from '../full-text'
import { placeholders } from '../sql-dialect'

export interface NewChunk {
  documentId: string
  collectionId: string
  seq: number
  text: string
  embedding: Float32Array | null
  /** A recording's chunk: the seconds of the recording it spans. */
  startSeconds?: number | null
  endSeconds?: number | null
}

export interface ChunkHit {
  id: number
  documentId: string
  seq: number
  text: string
  /** Seconds of the recording the chunk spans, for a chunk of the "Recordings" collection; else null. */
  start: number | null
  end: number | null
  /** BM25 (lower is better, as FTS5 reports it) or cosine distance (0 is identical). */
  score: number
}

/** A chunk row as every search reads it (full text, sqlite-vec, the scan's look-up): the full-text module's hit. */
type RawHit = FullTextHit

const toHit = (r: RawHit): ChunkHit => ({ id: r.id, documentId: r.document_id, seq: r.seq, text: r.text, start: r.start_seconds, end: r.end_seconds, score: r.score })

const asBlob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength)

function cosineDistance(a: Float32Array, b: Float32Array): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!
    na += a[i]! * a[i]!
    nb += b[i]! * b[i]!
  }
  return na && nb ? 1 - dot / Math.sqrt(na * nb) : 1
}

export type ChunksRepo = ReturnType<typeof createChunksRepo>

/**
 * Chunks of RAG documents: full-text search (full-text.ts: FTS5's BM25 or PostgreSQL's ts_rank), and
 * nearest vectors by cosine distance, computed inside SQLite by sqlite-vec when it is loaded, else (and
 * on PostgreSQL, which has no pgvector here) by an exact scan here.
 */
export function createChunksRepo(db: Db, vectorExtension: boolean) {
  const insertStmt = db.prepare('INSERT INTO rag_chunks (document_id, collection_id, seq, text, embedding, start_seconds, end_seconds) VALUES (@documentId, @collectionId, @seq, @text, @embedding, @startSeconds, @endSeconds)')
  const fullText = createFullTextSearch(db)
  const vecStmt = vectorExtension
    ? db.prepare(`
        SELECT id, document_id, seq, text, start_seconds, end_seconds, vec_distance_cosine(embedding, @query) AS score
        FROM rag_chunks WHERE collection_id = @collectionId AND embedding IS NOT NULL
        ORDER BY score LIMIT @limit`)
    : null
  const scanStmt = db.prepare('SELECT id, embedding FROM rag_chunks WHERE collection_id = ? AND embedding IS NOT NULL')
  const byIds = (ids: number[]) => db.prepare(`SELECT id, document_id, seq, text, start_seconds, end_seconds, 0 AS score FROM rag_chunks WHERE id IN (${placeholders(ids.length)})`).all(ids)
  const insertMany = db.transaction((chunks: NewChunk[]) => {
    for (const c of chunks) insertStmt.run({ ...c, embedding: c.embedding ? asBlob(c.embedding) : null, startSeconds: c.startSeconds ?? null, endSeconds: c.endSeconds ?? null })
  })

  function scan(collectionId: string, query: Float32Array, limit: number): ChunkHit[] {
    const best: Array<{ id: number; score: number }> = []
    for (const row of scanStmt.iterate(collectionId) as Iterable<{ id: number; embedding: Buffer }>) {
      const v = new Float32Array(row.embedding.buffer, row.embedding.byteOffset, row.embedding.byteLength / 4)
      const score = cosineDistance(query, v)
      if (best.length < limit || score < best[best.length - 1]!.score) {
        best.push({ id: row.id, score })
        best.sort((a, b) => a.score - b.score)
        if (best.length > limit) best.pop()
      }
    }
    if (!best.length) return []
    const rows = new Map((byIds(best.map((b) => b.id)) as RawHit[]).map((r) => [r.id, r]))
    return best.map((b) => toHit({ ...rows.get(b.id)!, score: b.score }))
  }

  return {
    /** How nearest vectors are found here: 'sqlite-vec' or a 'scan' in JavaScript. */
    vectorSearch: (vecStmt ? 'sqlite-vec' : 'scan') as 'sqlite-vec' | 'scan',
    /** Inserts a document's chunks in one transaction (the caller's, when it has one). */
    insertMany: (chunks: NewChunk[]) => insertMany(chunks),
    fullText(collectionId: string, text: string, limit: number): ChunkHit[] {
      return fullText(collectionId, text, limit).map(toHit)
    },
    nearest(collectionId: string, query: Float32Array, limit: number, how: 'sqlite-vec' | 'scan' = vecStmt ? 'sqlite-vec' : 'scan'): ChunkHit[] {
      if (how === 'sqlite-vec' && vecStmt) return (vecStmt.all({ query: asBlob(query), collectionId, limit }) as RawHit[]).map(toHit)
      return scan(collectionId, query, limit)
    },
  }
}
