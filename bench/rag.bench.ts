import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { resolveConfig } from '../src/gateway/config/load-config'
import { randomIds } from '../src/gateway/kernel/system-runtime'
import { aesGcmCipher } from '../src/gateway/security/secret-cipher'
import { seedFromConfig } from '../src/gateway/services/config-seed'
import { chunkText } from '../src/gateway/engines/documents/chunk-text'
import { createDocumentEngine } from '../src/gateway/engines/documents/document-engine'
import type { Embedder } from '../src/gateway/services/tools/rag/embedder'
import { createRagService, type SearchMode } from '../src/gateway/services/tools/rag/rag-service'
import { openStore } from '../src/gateway/store/store'
import { seededRandom } from '../src/gateway/services/messages/fixtures/random-json-bodies'
import { creatureCorpus, exactQuery } from '../test/support/rag-corpus'

/**
 * RAG at 10,000 chunks (BENCH_RAG_CHUNKS): indexing throughput through the real path (chunking, FTS5
 * triggers, vectors stored) against the same rows inserted into a plain table, and query latency of
 * BM25, vector search (sqlite-vec and the JavaScript scan) and hybrid. Vectors come from a stand-in
 * embedder (seeded random unit vectors of BENCH_RAG_DIMS, default 384), so the numbers are the index's
 * own, not an embedding model's: a real model adds its own time per chunk on top.
 */
const CHUNKS = Number(process.env.BENCH_RAG_CHUNKS ?? 10_000)
const DIMS = Number(process.env.BENCH_RAG_DIMS ?? 384)
const QUERIES = Number(process.env.BENCH_RAG_QUERIES ?? 200)
const CHUNK = { size: 240, overlap: 40 }
const CREATURES_PER_DOC = 10

const rand = seededRandom(42)
const randomVector = () => {
  const v = Float32Array.from({ length: DIMS }, () => rand() * 2 - 1)
  const norm = Math.hypot(...v)
  return v.map((x) => x / norm)
}
const embedder: Embedder = { embed: async (texts) => texts.map(randomVector) }

const dir = mkdtempSync(join(tmpdir(), 'gh-bench-rag-'))
const store = openStore(join(dir, 'gatehouse.db'))
const config = resolveConfig({ providers: [{ id: 'local', type: 'local' }], models: [{ name: 'embed', provider: 'local', engine: 'llama', kind: 'embedding', file: '/dev/null' }] }, 'bench', {})
seedFromConfig(config, { store, clock: { now: Date.now }, ids: randomIds, cipher: aesGcmCipher(Buffer.alloc(32, 1)) })
const documents = createDocumentEngine()
const rag = createRagService({ store, clock: { now: Date.now }, ids: randomIds, embedders: () => embedder, documents })

// documents of ten creatures each, until the chunks reach the target
const creatures = creatureCorpus(Math.ceil((CHUNKS / 4) * CREATURES_PER_DOC))
const docs: Array<{ name: string; text: string }> = []
let planned = 0
for (let i = 0; planned < CHUNKS && i < creatures.length; i += CREATURES_PER_DOC) {
  const text = creatures
    .slice(i, i + CREATURES_PER_DOC)
    .map((c) => c.text)
    .join('\n\n')
  docs.push({ name: `doc-${docs.length}.txt`, text })
  planned += chunkText(text, CHUNK).length
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!

// baseline: the same chunk rows into a plain table, one transaction per document
store.db.exec('CREATE TABLE bench_plain (id INTEGER PRIMARY KEY, document_id TEXT, seq INTEGER, text TEXT, embedding BLOB)')
const insertPlain = store.db.prepare('INSERT INTO bench_plain (document_id, seq, text, embedding) VALUES (?, ?, ?, ?)')
const plainDoc = store.db.transaction((name: string, chunks: string[]) => chunks.forEach((c, i) => insertPlain.run(name, i, c, Buffer.from(randomVector().buffer))))
let start = process.hrtime.bigint()
for (const d of docs) plainDoc(d.name, chunkText(d.text, CHUNK).map((c) => c.text))
const plainMs = ms(start)

const { id: collection } = rag.create({ name: 'bench', embedding_model: 'embed', chunk_size: CHUNK.size, chunk_overlap: CHUNK.overlap })
start = process.hrtime.bigint()
for (const d of docs) await rag.addDocument(collection, { name: d.name, bytes: Buffer.from(d.text) })
const indexMs = ms(start)
const chunks = rag.get(collection).chunk_count

console.log(`indexing ${docs.length} documents, ${chunks} chunks of at most ${CHUNK.size} characters, ${DIMS}-dimension vectors (vector search: ${store.chunks.vectorSearch}):`)
console.table({
  'rag (chunk + FTS5 + vectors)': { ms: Math.round(indexMs), 'chunks/s': Math.round(chunks / (indexMs / 1000)), 'ratio to plain': +(indexMs / plainMs).toFixed(2) },
  'plain table insert (baseline)': { ms: Math.round(plainMs), 'chunks/s': Math.round(chunks / (plainMs / 1000)), 'ratio to plain': 1 },
})

const queries = creatureCorpus(QUERIES, 99).map((c, i) => (i % 2 ? exactQuery(creatures[(i * 37) % creatures.length]!) : c.text))
async function latency(run: (q: string) => Promise<unknown> | unknown) {
  for (const q of queries.slice(0, 10)) await run(q)
  const times: number[] = []
  for (const q of queries) {
    const s = process.hrtime.bigint()
    await run(q)
    times.push(ms(s))
  }
  return { p50: +pct(times, 50).toFixed(2), p99: +pct(times, 99).toFixed(2) }
}

const vectors = new Map(queries.map((q) => [q, randomVector()]))
const rows: Record<string, { p50: number; p99: number }> = {}
for (const mode of ['bm25', 'vector', 'hybrid'] as SearchMode[]) rows[`${mode} top 5 (service, with embedding)`] = await latency((q) => rag.search(collection, q, { topN: 5, mode }))
rows['nearest 10: sqlite-vec'] = await latency((q) => store.chunks.nearest(collection, vectors.get(q)!, 10, 'sqlite-vec'))
rows['nearest 10: JavaScript scan'] = await latency((q) => store.chunks.nearest(collection, vectors.get(q)!, 10, 'scan'))
rows['FTS5 BM25 top 10'] = await latency((q) => store.chunks.fullText(collection, q, 10))
console.log(`query latency in ms over ${queries.length} queries at ${chunks} chunks:`)
console.table(rows)

await documents.close()
store.close()
rmSync(dir, { recursive: true, force: true })
