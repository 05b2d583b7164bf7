import type { Db } from '../database'
import { placeholders } from '../sql-dialect'

export interface CollectionRow {
  id: string
  name: string
  description: string | null
  /** The embedding model's id, when the collection has one. */
  embeddingModel: string | null
  /** Its vectors' length, known from the first document embedded. */
  dimensions: number | null
  chunkSize: number
  chunkOverlap: number
  /** The team it belongs to; null: shared with every team. */
  teamId: string | null
  documentCount: number
  chunkCount: number
  createdAt: number
  updatedAt: number
}

export type DocumentFormatName = 'text' | 'markdown' | 'html' | 'pdf'

export interface DocumentRow {
  id: string
  collectionId: string
  name: string
  format: DocumentFormatName
  bytes: number
  characters: number
  chunks: number
  createdAt: number
  /** A document of the "Recordings" collection: the recording whose transcript it is. */
  recordingId?: string | null
}

/** The recording behind a document, and its team (a team's caller sees only its own recordings' chunks). */
export interface DocumentSource {
  name: string
  recordingId: string | null
  recordingTeamId: string | null
}

interface RawCollection {
  id: string
  name: string
  description: string | null
  embedding_model: string | null
  dimensions: number | null
  chunk_size: number
  chunk_overlap: number
  team_id: string | null
  document_count: number
  chunk_count: number
  created_at: number
  updated_at: number
}

interface RawDocument {
  id: string
  collection_id: string
  name: string
  format: DocumentFormatName
  bytes: number
  characters: number
  chunks: number
  created_at: number
}

const toCollection = (r: RawCollection): CollectionRow => ({
  id: r.id,
  name: r.name,
  description: r.description,
  embeddingModel: r.embedding_model,
  dimensions: r.dimensions,
  chunkSize: r.chunk_size,
  chunkOverlap: r.chunk_overlap,
  teamId: r.team_id,
  documentCount: r.document_count,
  chunkCount: r.chunk_count,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

const toDocument = (r: RawDocument): DocumentRow => ({
  id: r.id,
  collectionId: r.collection_id,
  name: r.name,
  format: r.format,
  bytes: r.bytes,
  characters: r.characters,
  chunks: r.chunks,
  createdAt: r.created_at,
})

const COLLECTION_SELECT = `
  SELECT c.*, (SELECT COUNT(*) FROM rag_documents d WHERE d.collection_id = c.id) AS document_count,
    (SELECT COALESCE(SUM(d.chunks), 0) FROM rag_documents d WHERE d.collection_id = c.id) AS chunk_count
  FROM rag_collections c`

export type CollectionsRepo = ReturnType<typeof createCollectionsRepo>

/** RAG collections and their documents (the chunks are in chunks-repo.ts). */
export function createCollectionsRepo(db: Db) {
  const insertStmt = db.prepare(`
    INSERT INTO rag_collections (id, name, description, embedding_model, dimensions, chunk_size, chunk_overlap, team_id, created_at, updated_at)
    VALUES (@id, @name, @description, @embeddingModel, NULL, @chunkSize, @chunkOverlap, @teamId, @now, @now)`)
  const getStmt = db.prepare(`${COLLECTION_SELECT} WHERE c.id = ?`)
  const byNameStmt = db.prepare('SELECT id FROM rag_collections WHERE name = ?').pluck()
  const listStmt = db.prepare(`${COLLECTION_SELECT} ORDER BY c.created_at DESC, c.id`)
  const deleteStmt = db.prepare('DELETE FROM rag_collections WHERE id = ?')
  const dimsStmt = db.prepare('UPDATE rag_collections SET dimensions = @dimensions WHERE id = @id AND dimensions IS NULL')
  const touchStmt = db.prepare('UPDATE rag_collections SET updated_at = @now WHERE id = @id')
  const insertDocStmt = db.prepare(`
    INSERT INTO rag_documents (id, collection_id, name, format, bytes, characters, chunks, created_at, recording_id)
    VALUES (@id, @collectionId, @name, @format, @bytes, @characters, @chunks, @createdAt, @recordingId)`)
  const getDocStmt = db.prepare('SELECT * FROM rag_documents WHERE id = @id AND collection_id = @collectionId')
  const docsStmt = db.prepare('SELECT * FROM rag_documents WHERE collection_id = ? ORDER BY created_at DESC, id')
  const deleteRecordingDocsStmt = db.prepare('DELETE FROM rag_documents WHERE recording_id = ?')
  const deleteDocStmt = db.prepare('DELETE FROM rag_documents WHERE id = @id AND collection_id = @collectionId')

  return {
    insert(c: { id: string; name: string; description: string | null; embeddingModel: string | null; chunkSize: number; chunkOverlap: number; teamId?: string | null }, now: number): CollectionRow {
      insertStmt.run({ ...c, teamId: c.teamId ?? null, now })
      return this.get(c.id)!
    },
    get(id: string): CollectionRow | undefined {
      const r = getStmt.get(id) as RawCollection | undefined
      return r && toCollection(r)
    },
    idByName: (name: string) => byNameStmt.get(name) as string | undefined,
    list: (): CollectionRow[] => (listStmt.all() as RawCollection[]).map(toCollection),
    /** Documents and chunks go with it (ON DELETE CASCADE; triggers keep the full-text index in step). */
    delete: (id: string): boolean => deleteStmt.run(id).changes > 0,
    /** Records the vector length on first use; false when the collection already has another. */
    setDimensions(id: string, dimensions: number): boolean {
      dimsStmt.run({ id, dimensions })
      return this.get(id)?.dimensions === dimensions
    },
    insertDocument(d: DocumentRow): void {
      insertDocStmt.run({ ...d, recordingId: d.recordingId ?? null })
      touchStmt.run({ id: d.collectionId, now: d.createdAt })
    },
    getDocument: (collectionId: string, id: string): DocumentRow | undefined => {
      const r = getDocStmt.get({ id, collectionId }) as RawDocument | undefined
      return r && toDocument(r)
    },
    documents: (collectionId: string): DocumentRow[] => (docsStmt.all(collectionId) as RawDocument[]).map(toDocument),
    documentSources(ids: string[]): Map<string, DocumentSource> {
      if (!ids.length) return new Map()
      const rows = db
        .prepare(`SELECT d.id, d.name, d.recording_id, r.team_id FROM rag_documents d LEFT JOIN recordings r ON r.id = d.recording_id WHERE d.id IN (${placeholders(ids.length)})`)
        .all(ids) as Array<{ id: string; name: string; recording_id: string | null; team_id: string | null }>
      return new Map(rows.map((r) => [r.id, { name: r.name, recordingId: r.recording_id, recordingTeamId: r.team_id }]))
    },
    /** A recording's transcript leaves the collections (its chunks go with it). */
    deleteRecordingDocuments: (recordingId: string): number => deleteRecordingDocsStmt.run(recordingId).changes,
    deleteDocument: (collectionId: string, id: string): boolean => deleteDocStmt.run({ id, collectionId }).changes > 0,
  }
}
