import { beforeEach, expect, it } from 'vitest'
import { describeOnEngines } from '../../../../test/support/store-engines'
import type { Store } from '../store'

/**
 * Full-text and vector search over RAG chunks, the two places where the engines differ most (FTS5 and
 * sqlite-vec on SQLite, tsvector and an exact cosine scan on PostgreSQL): the same questions get the same
 * chunks, best first, on both.
 */
describeOnEngines('RAG chunks: full-text and nearest-vector search', (engine) => {
  let store: Store
  const vec = (...v: number[]) => Float32Array.from(v)
  beforeEach(() => {
    store = engine.open()
    for (const id of ['c1', 'c2']) store.collections.insert({ id, name: id, description: null, embeddingModel: null, chunkSize: 100, chunkOverlap: 0 }, 1)
    const doc = (id: string, collectionId: string) => store.collections.insertDocument({ id, collectionId, name: `${id}.txt`, format: 'text', bytes: 1, characters: 1, chunks: 1, createdAt: 1 })
    doc('d1', 'c1')
    doc('d2', 'c1')
    doc('d3', 'c2')
    store.chunks.insertMany([
      { documentId: 'd1', collectionId: 'c1', seq: 0, text: 'Otters eat fish and crabs in the river.', embedding: vec(1, 0, 0) },
      { documentId: 'd1', collectionId: 'c1', seq: 1, text: 'Foxes hunt mice; foxes also eat berries.', embedding: vec(0, 1, 0) },
      { documentId: 'd2', collectionId: 'c1', seq: 0, text: 'The heron waits by the river for fish.', embedding: vec(0.9, 0.1, 0) },
      { documentId: 'd3', collectionId: 'c2', seq: 0, text: 'Otters of another collection eat fish too.', embedding: vec(1, 0, 0) },
    ])
  })
  const texts = (hits: Array<{ text: string }>) => hits.map((h) => h.text)

  it('finds chunks by any word of the query (stemmed), best match first, within the collection', () => {
    const hits = store.chunks.fullText('c1', 'What do otters eat?', 5)
    expect(texts(hits)[0]).toBe('Otters eat fish and crabs in the river.')
    expect(texts(hits)).toContain('Foxes hunt mice; foxes also eat berries.')
    expect(texts(hits)).not.toContain('Otters of another collection eat fish too.')
    expect(hits.every((h, i) => i === 0 || h.score >= hits[i - 1]!.score)).toBe(true)
    expect(texts(store.chunks.fullText('c1', 'hunting', 5))).toEqual(['Foxes hunt mice; foxes also eat berries.'])
  })

  it('takes query text literally: operators and quotes of either engine match nothing special', () => {
    expect(store.chunks.fullText('c1', '" OR * NEAR( fish) | !& :*', 5).length).toBe(2)
    expect(store.chunks.fullText('c1', '?!', 5)).toEqual([])
  })

  it('finds the nearest vectors by cosine distance, closest first, with the same scores either way', () => {
    const hits = store.chunks.nearest('c1', vec(1, 0.05, 0), 2)
    expect(texts(hits)).toEqual(['Otters eat fish and crabs in the river.', 'The heron waits by the river for fish.'])
    expect(hits[0]!.score).toBeCloseTo(1 - 1 / Math.sqrt(1.0025), 5)
    const scanned = store.chunks.nearest('c1', vec(1, 0.05, 0), 2, 'scan')
    expect(texts(scanned)).toEqual(texts(hits))
  })

  it('forgets the chunks of a deleted collection in both searches', () => {
    store.collections.delete('c1')
    expect(store.chunks.fullText('c1', 'otters fish', 5)).toEqual([])
    expect(store.chunks.nearest('c1', vec(1, 0, 0), 5)).toEqual([])
  })
})
