import { badRequest, notFound } from '../../../../shared/errors'
import type { CollectionInfo, CollectionInput, DocumentInfo } from '../../../../shared/tools-wire'
import type { Clock, IdGenerator } from '../../../kernel/runtime'
import type { ChunkHit } from '../../../store/repos/chunks-repo'
import type { CollectionRow, DocumentRow } from '../../../store/repos/collections-repo'
import type { ModelRow } from '../../../store/repos/models-repo'
import type { Store } from '../../../store/store'
import { conflict, deleted, seconds } from '../../admin/admin-rules'
import { kindOf } from '../../routing/resolve-model'
import { DEFAULT_CHUNKING } from '../../../engines/documents/chunk-text'
import type { DocumentEngine } from '../../../engines/documents/document-engine'
import { documentFormat } from '../../../engines/documents/document-text'
import type { EmbedderSource } from './embedder'
import { reciprocalRankFusion } from './rank-fusion'

export type SearchMode = 'bm25' | 'vector' | 'hybrid'

export interface RetrievedChunk {
  chunkId: number
  documentId: string
  documentName: string
  seq: number
  text: string
  /** Cosine similarity of the query and the chunk, when vector search ran (0 to 1 for most models). */
  similarity: number | null
  /** A chunk of a recording's transcript: the recording and the seconds of it the chunk spans. */
  recording: { id: string; start: number; end: number } | null
}

/** Vectors embedded per call: the unit of work handed to the embedding model. */
const EMBED_BATCH = 32
/**
 * Candidates each ranking hands to fusion, per result asked for. Kept shallow on purpose: over deep
 * lists, chunks that both rankings put at a mediocre rank add up past the best hit of one ranking
 * (retrieval.test.ts saw hybrid recall fall from 1.0 to 0.35 on name questions at 4x with 20 floor).
 */
const CANDIDATES_PER_RESULT = 2

const modelNotFound = (label: string) =>
  badRequest(`embedding_model: no model "${label}". Name an embedding model (a model of kind "embedding") by its name, alias or id.`, 'embedding_model', 'model_not_found')

function findModel(store: Store, label: string): ModelRow | undefined {
  return store.models.getByName(label) ?? store.models.get(label) ?? store.models.list().find((m) => m.aliases.includes(label))
}

/**
 * RAG collections: documents (text, Markdown, HTML, PDF) are chunked with overlap and indexed for
 * full-text search (SQLite FTS5, BM25) and, when the collection has an embedding model, for vector
 * search; both together are merged by reciprocal rank fusion.
 */
export function createRagService(deps: {
  store: Store
  clock: Clock
  ids: IdGenerator
  embedders: EmbedderSource
  documents: DocumentEngine
  /** Narrows a recording passage's span to the moment the query's words were said (the recordings index). */
  moment?: (recordingId: string, span: { start: number; end: number }, query: string) => { start: number; end: number }
}) {
  const { store, clock, ids, embedders, documents } = deps

  const toInfo = (c: CollectionRow): CollectionInfo => ({
    id: c.id,
    name: c.name,
    description: c.description,
    embedding_model: c.embeddingModel ? (store.models.get(c.embeddingModel)?.name ?? c.embeddingModel) : null,
    dimensions: c.dimensions,
    chunk_size: c.chunkSize,
    chunk_overlap: c.chunkOverlap,
    team_id: c.teamId,
    document_count: c.documentCount,
    chunk_count: c.chunkCount,
    created_at: seconds(c.createdAt),
    updated_at: seconds(c.updatedAt),
  })

  const toDocInfo = (d: DocumentRow): DocumentInfo => ({ id: d.id, collection_id: d.collectionId, name: d.name, format: d.format, bytes: d.bytes, characters: d.characters, chunks: d.chunks, created_at: seconds(d.createdAt) })

  function collection(id: string, param = 'id'): CollectionRow {
    const row = store.collections.get(id)
    if (!row) throw notFound(`No collection "${id}". GET /admin/collections lists them.`, 'collection_not_found', param)
    return row
  }

  function embeddingModel(c: CollectionRow): ModelRow | null {
    if (!c.embeddingModel) return null
    const model = store.models.get(c.embeddingModel)
    if (!model) throw badRequest(`The embedding model of collection "${c.name}" no longer exists; make a new collection.`, 'embedding_model', 'model_not_found')
    return model
  }

  async function embed(model: ModelRow, texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const embedder = embedders(model)
    const out: Float32Array[] = []
    for (let i = 0; i < texts.length; i += EMBED_BATCH) out.push(...(await embedder.embed(texts.slice(i, i + EMBED_BATCH), signal)))
    return out
  }

  async function ranked(c: CollectionRow, query: string, limit: number, mode: SearchMode, signal?: AbortSignal): Promise<{ hits: ChunkHit[]; similarity: Map<number, number> }> {
    const model = embeddingModel(c)
    const useVectors = model !== null && c.dimensions !== null && mode !== 'bm25'
    if (mode === 'vector' && !useVectors) throw badRequest(`Collection "${c.name}" has no vectors: it was made without an embedding model, or holds no document yet.`, 'mode')
    const text = mode === 'vector' ? [] : store.chunks.fullText(c.id, query, limit)
    if (!useVectors) return { hits: text, similarity: new Map() }
    const [vector] = await embed(model, [query], signal)
    const near = store.chunks.nearest(c.id, vector!, limit)
    const similarity = new Map(near.map((h) => [h.id, 1 - h.score]))
    if (mode === 'vector') return { hits: near, similarity }
    const byId = new Map([...text, ...near].map((h) => [h.id, h]))
    const fused = reciprocalRankFusion([text.map((h) => h.id), near.map((h) => h.id)])
    return { hits: fused.map((f) => byId.get(f.id)!), similarity }
  }

  return {
    list: () => store.collections.list().map(toInfo),
    get: (id: string) => toInfo(collection(id)),

    /** The collections a team sees: its own and the shared ones. */
    listFor: (teamId: string) => store.collections.list().filter((c) => c.teamId === null || c.teamId === teamId).map(toInfo),
    /** A collection as a team sees it: another team's is not found, like one that does not exist. */
    getFor(teamId: string, id: string, param = 'id') {
      const c = store.collections.get(id)
      if (!c || (c.teamId !== null && c.teamId !== teamId)) throw notFound(`No collection "${id}" for your team.`, 'collection_not_found', param)
      return toInfo(c)
    },

    create(input: CollectionInput): CollectionInfo {
      const name = input.name.trim()
      if (store.collections.idByName(name)) throw conflict(`A collection named "${name}" already exists.`, 'name')
      let modelId: string | null = null
      if (input.embedding_model) {
        const model = findModel(store, input.embedding_model)
        if (!model) throw modelNotFound(input.embedding_model)
        if (kindOf(model) !== 'embedding') throw badRequest(`embedding_model: "${model.name}" is a ${kindOf(model)} model; name a model of kind "embedding".`, 'embedding_model', 'model_not_embedding')
        modelId = model.id
      }
      const chunkSize = input.chunk_size ?? DEFAULT_CHUNKING.size
      const chunkOverlap = input.chunk_overlap ?? Math.min(DEFAULT_CHUNKING.overlap, Math.floor(chunkSize / 4))
      if (chunkOverlap >= chunkSize) throw badRequest(`chunk_overlap (${chunkOverlap}) must be smaller than chunk_size (${chunkSize}).`, 'chunk_overlap')
      let teamId: string | null = null
      if (input.team) {
        const team = store.teams.get(input.team) ?? store.teams.getByName(input.team)
        if (!team) throw badRequest(`team: no team "${input.team}"; give a team's name or id (GET /admin/teams lists them), or leave it out to share the collection with every team.`, 'team', 'team_not_found')
        teamId = team.id
      }
      const row = store.collections.insert({ id: ids.uuid(), name, description: input.description ?? null, embeddingModel: modelId, chunkSize, chunkOverlap, teamId }, clock.now())
      return toInfo(row)
    },

    remove(id: string) {
      collection(id)
      store.collections.delete(id)
      return deleted(id)
    },

    documents: (id: string) => store.collections.documents(collection(id).id).map(toDocInfo),

    /**
     * Reads, chunks and (with an embedding model) embeds a document, then stores it and its chunks in
     * one transaction: a failure anywhere leaves the collection as it was.
     */
    async addDocument(collectionId: string, doc: { name: string; bytes: Buffer; mediaType?: string }, signal?: AbortSignal): Promise<DocumentInfo> {
      const c = collection(collectionId)
      const name = doc.name.trim() || 'document'
      if (doc.bytes.length === 0) throw badRequest('The document is empty.', 'file')
      const format = documentFormat(name, doc.bytes, doc.mediaType)
      if (!format) throw badRequest(`Cannot tell what "${name}" is: send text (.txt), Markdown (.md), HTML (.html) or PDF (.pdf).`, 'file', 'unsupported_document')
      const { characters, chunks } = await documents.chunks(doc.bytes, format, { size: c.chunkSize, overlap: c.chunkOverlap }, { signal, subject: { name, param: 'file' } })
      if (!chunks.length) throw badRequest(`"${name}" has no text to index${format === 'pdf' ? ' (a scanned PDF has no text layer: run it through the OCR tool first)' : ''}.`, 'file', 'empty_document')
      const model = embeddingModel(c)
      const vectors = model ? await embed(model, chunks.map((ch) => ch.text), signal) : null
      const dims = vectors?.[0]?.length
      if (vectors && (vectors.some((v) => v.length !== dims) || (c.dimensions !== null && c.dimensions !== dims))) {
        throw badRequest(`The embedding model "${model!.name}" returned vectors of ${dims} dimensions; collection "${c.name}" holds ${c.dimensions}.`, 'embedding_model', 'dimensions_mismatch')
      }
      const row: DocumentRow = { id: `doc_${ids.token(12)}`, collectionId: c.id, name, format, bytes: doc.bytes.length, characters, chunks: chunks.length, createdAt: clock.now() }
      store.transaction(() => {
        if (dims !== undefined) store.collections.setDimensions(c.id, dims)
        store.collections.insertDocument(row)
        store.chunks.insertMany(chunks.map((ch, i) => ({ documentId: row.id, collectionId: c.id, seq: ch.seq, text: ch.text, embedding: vectors?.[i] ?? null })))
      })
      return toDocInfo(row)
    },

    removeDocument(collectionId: string, docId: string) {
      collection(collectionId)
      if (!store.collections.deleteDocument(collectionId, docId)) throw notFound(`No document "${docId}" in collection "${collectionId}".`, 'document_not_found', 'doc_id')
      return deleted(docId)
    },

    /**
     * The best chunks for a query: BM25, vectors, or both fused (the default where vectors exist). With
     * `teamId`, chunks of recordings that are not that team's are left out (the owner's too, as on /mcp).
     */
    async search(collectionId: string, query: string, opts: { topN: number; mode?: SearchMode; threshold?: number; signal?: AbortSignal; param?: string; teamId?: string }): Promise<RetrievedChunk[]> {
      const c = collection(collectionId, opts.param)
      const { hits, similarity } = await ranked(c, query, opts.topN * CANDIDATES_PER_RESULT, opts.mode ?? 'hybrid', opts.signal)
      const sources = store.collections.documentSources([...new Set(hits.map((h) => h.documentId))])
      const visible = (documentId: string) => {
        const source = sources.get(documentId)
        return opts.teamId === undefined || !source?.recordingId || source.recordingTeamId === opts.teamId
      }
      // threshold is a minimum cosine similarity: it applies where vector search scored a chunk
      const kept = hits.filter((h) => visible(h.documentId) && (opts.threshold === undefined || !similarity.has(h.id) || similarity.get(h.id)! >= opts.threshold)).slice(0, opts.topN)
      return kept.map((h) => {
        const source = sources.get(h.documentId)
        const span = { start: h.start ?? 0, end: h.end ?? h.start ?? 0 }
        const recording = source?.recordingId ? { id: source.recordingId, ...(deps.moment?.(source.recordingId, span, query) ?? span) } : null
        return { chunkId: h.id, documentId: h.documentId, documentName: source?.name ?? h.documentId, seq: h.seq, text: h.text, similarity: similarity.get(h.id) ?? null, recording }
      })
    },

    /** Embeds texts with the collection's embedding model (as queries are). */
    async embedQuery(collectionId: string, ...texts: string[]): Promise<Float32Array[]> {
      const c = collection(collectionId)
      const model = embeddingModel(c)
      if (!model) throw badRequest(`Collection "${c.name}" has no embedding model.`, 'embedding_model')
      return embed(model, texts)
    },

    /** The collection's embedding model, for checking a request's `model_uuid`. */
    embeddingModelOf: (collectionId: string) => embeddingModel(collection(collectionId)),
    findModel: (label: string) => findModel(store, label),
  }
}

export type RagService = ReturnType<typeof createRagService>
