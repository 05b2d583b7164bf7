import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creatureCorpus, exactQuery, misspeltQuery, type CorpusDoc } from '../../../../../test/support/rag-corpus'
import { EMBED_MODEL, startRagHarness } from '../../../../../test/support/rag-harness'
import type { SearchMode } from './rag-service'

/**
 * Recall@5 of BM25, vector and hybrid search on 200 generated documents, with the llama test model as
 * the embedding model. That model (260K parameters, 64 dimensions) knows nothing of meaning: its
 * vectors only find text that is nearly the same text. So the queries come in two kinds, each the
 * strength of one method: questions naming the creature (words in common: BM25's case), and the
 * document's own text with the name misspelt (same text, no rare word in common: what these vectors
 * can do). Fusion should keep what each finds.
 */
describe('retrieval quality (recall@5)', () => {
  const h = startRagHarness()
  const docs = creatureCorpus(200)
  const QUERIES = 40
  let collection = ''
  const docIds = new Map<string, string>()

  beforeAll(async () => {
    collection = h.rag.create({ name: 'creatures', embedding_model: EMBED_MODEL }).id
    for (const d of docs) docIds.set((await h.rag.addDocument(collection, { name: d.name, bytes: Buffer.from(d.text) })).id, d.name)
  }, 120_000)
  afterAll(() => h.close())

  async function recall(mode: SearchMode, queries: Array<{ doc: CorpusDoc; text: string }>): Promise<number> {
    let found = 0
    for (const q of queries) {
      const hits = await h.rag.search(collection, q.text, { topN: 5, mode })
      if (hits.some((hit) => docIds.get(hit.documentId) === q.doc.name)) found++
    }
    return found / queries.length
  }

  it('reports recall@5 of BM25, vector and hybrid search; hybrid is not worse than either', async () => {
    const step = Math.floor(docs.length / QUERIES)
    const sample = docs.filter((_, i) => i % step === 0).slice(0, QUERIES)
    const questions = sample.map((doc) => ({ doc, text: exactQuery(doc) }))
    const nearCopies = sample.map((doc) => ({ doc, text: doc.text.split(doc.creature).join(misspeltQuery(doc).slice('What does '.length, -' eat?'.length)) }))
    const all = [...questions, ...nearCopies]
    const table: Record<string, Record<SearchMode, number>> = { questions: {} as never, 'near copies': {} as never, all: {} as never }
    for (const mode of ['bm25', 'vector', 'hybrid'] as const) {
      table.questions![mode] = await recall(mode, questions)
      table['near copies']![mode] = await recall(mode, nearCopies)
      table.all![mode] = await recall(mode, all)
    }
    console.log(`recall@5 over ${docs.length} documents (${QUERIES} queries per kind):`)
    console.table(table)
    // each method does what it can on its own kind of query...
    expect(table.questions!.bm25).toBeGreaterThanOrEqual(0.9)
    expect(table['near copies']!.vector).toBeGreaterThanOrEqual(0.8)
    // ...and fusion is not worse than either
    expect(table.all!.hybrid).toBeGreaterThanOrEqual(table.all!.bm25)
    expect(table.all!.hybrid).toBeGreaterThanOrEqual(table.all!.vector)
  }, 120_000)

  it('finds the same nearest chunks with sqlite-vec as with the scan in JavaScript', async () => {
    expect(h.store.chunks.vectorSearch).toBe('sqlite-vec')
    const [vector] = await h.rag.embedQuery(collection, docs[3]!.text)
    const viaSql = h.store.chunks.nearest(collection, vector!, 5, 'sqlite-vec')
    const viaScan = h.store.chunks.nearest(collection, vector!, 5, 'scan')
    expect(viaScan.map((c) => c.id)).toEqual(viaSql.map((c) => c.id))
    viaScan.forEach((c, i) => expect(c.score).toBeCloseTo(viaSql[i]!.score, 5))
  })
})
