import { createHash } from 'node:crypto'
import { beforeEach, expect, it } from 'vitest'
import { describeOnEngines } from '../../../test/support/store-engines'
import { usageRow } from '../../../test/support/usage-rows'
import type { Store } from './store'
import type { RecordingRow } from './repos/recordings-repo'
import type { UsageRow } from './repos/usage-repo'

/**
 * The repositories whose SQL had to change to be written once for both engines (upserts that replaced
 * INSERT OR REPLACE, searches that replaced instr, filters with NULL-able parameters, JSON metadata,
 * insertion order, blobs): the same calls give the same answers on SQLite and PostgreSQL.
 */
describeOnEngines('repositories written once for both engines', (engine) => {
  let store: Store
  beforeEach(() => {
    store = engine.open()
    store.teams.upsert({ id: 't1', name: 'alpha', models: null, fallbacks: {}, useFallbacks: true, source: 'admin' }, 1)
  })

  it('conversations: search matches a substring literally (%, _ and \\ too), newest first, paged', () => {
    const save = (id: string, searchText: string, now: number) => store.conversations.upsert({ id, title: id, model: null, data: { messages: [] }, searchText, messageCount: 0 }, now)
    save('c1', 'a 100% match', 1)
    save('c2', 'a 1000 match', 2)
    save('c3', 'snake_case and back\\slash', 3)
    save('c1', 'a 100% match, edited', 4)
    const ids = (query?: string, limit = 10, offset = 0) => store.conversations.list({ query, limit, offset }).map((c) => c.id)
    expect(ids()).toEqual(['c1', 'c3', 'c2'])
    expect(ids('100%')).toEqual(['c1'])
    expect(ids('e_c')).toEqual(['c3'])
    expect(ids('k\\s')).toEqual(['c3'])
    expect(ids('match', 1, 1)).toEqual(['c2'])
    expect(store.conversations.get('c1')).toMatchObject({ title: 'c1', data: { messages: [] }, updatedAt: 4 })
  })

  it('recordings: filters by text, source (or none) and team; chunks keep their SHA-256 bytes', () => {
    const rec = (id: string, patch: Partial<RecordingRow>): RecordingRow => ({ id, title: id, source: 'upload', state: 'complete', contentType: 'audio/wav', filename: null, sampleRate: null, bytes: 0, chunks: 0, duration: null, transcript: null, teamId: null, createdAt: 1, updatedAt: 1, ...patch })
    store.recordings.insert(rec('r1', { title: 'Standup notes', createdAt: 1 }))
    store.recordings.insert(rec('r2', { source: 'microphone', state: 'recording', teamId: 't1', createdAt: 2, transcript: { text: 'Budget review' } }))
    const ids = (o: { query?: string; source?: 'upload' | 'microphone'; teamId?: string }) => store.recordings.list({ limit: 10, offset: 0, ...o }).map((r) => r.id)
    expect(ids({})).toEqual(['r2', 'r1'])
    expect(ids({ query: 'budget' })).toEqual(['r2'])
    expect(ids({ source: 'upload' })).toEqual(['r1'])
    expect(ids({ teamId: 't1' })).toEqual(['r2'])
    const sha256 = createHash('sha256').update('chunk').digest()
    expect(store.recordings.commitChunk('r2', 0, { bytes: 5, duration: 0.1 }, { bytes: 5, sha256 }, 3)).toBe(true)
    expect(store.recordings.commitChunk('r2', 0, { bytes: 5, duration: 0.1 }, { bytes: 5, sha256 }, 3)).toBe(false)
    expect(store.recordings.chunk('r2', 0)).toEqual({ bytes: 5, sha256 })
    expect(store.recordings.markInterrupted()).toBe(1)
  })

  it('usage and stored completions: a replaced row keeps its place; metadata filters and newest-first order', () => {
    const usage = (id: string, patch: Partial<UsageRow> = {}): UsageRow =>
      usageRow(id, { createdAt: 5, teamId: 't1', requestedModel: 'm', modelName: 'm', latencyMs: 3, promptTokens: 1, completionTokens: 2, audioSeconds: 0.5, creditsMicro: 7, ...patch })
    store.usage.insert(usage('u1', { state: 'started' }))
    store.usage.insert(usage('u2'))
    store.usage.replace(usage('u1', { stream: true, creditsMicro: 9, metadata: { env: 'prod' } }))
    expect(store.usage.get('u1')).toMatchObject({ state: 'done', stream: true, creditsMicro: 9, audioSeconds: 0.5, metadata: { env: 'prod' } })
    expect(store.usage.list({ limit: 10 }).map((r) => r.id)).toEqual(['u2', 'u1'])
    expect(store.usageStats.totals({})).toMatchObject({ requests: 2, creditsMicro: 16, promptTokens: 2, audioSeconds: 1, avgLatencyMs: 3 })
    const completion = (id: string, metadata: Record<string, string>) => ({ id, usageId: id, createdAt: 9, teamId: 't1', modelName: 'm', request: { a: 1 }, response: { b: 2 }, metadata })
    store.completions.insert(completion('cmpl-1', { env: 'prod' }))
    store.completions.insert(completion('cmpl-2', { env: 'dev' }))
    store.completions.insert(completion('cmpl-1', { env: 'prod', run: '2' }))
    expect(store.completions.list({ limit: 10 }).map((c) => c.id)).toEqual(['cmpl-2', 'cmpl-1'])
    expect(store.completions.list({ limit: 10, metadata: { run: '2' } }).map((c) => c.id)).toEqual(['cmpl-1'])
  })

  it('stored responses: kept with their JSON as written, per team; expired ones are swept', () => {
    const response = (id: string, expiresAt: number) => ({ id, teamId: 't1', previousResponseId: null, createdAt: 1, expiresAt, responseJson: JSON.stringify({ id }), inputItemsJson: '[{"id":"msg_1"}]' })
    store.responses.insert([response('resp_1', 10), response('resp_2', 20)])
    expect(store.responses.get('resp_1', 't1', 5)).toMatchObject({ response: { id: 'resp_1' }, inputItems: [{ id: 'msg_1' }] })
    expect(store.responses.get('resp_1', 't2', 5)).toBeUndefined()
    expect(store.responses.sweepExpired(15)).toBe(1)
    expect(store.responses.get('resp_1', 't1', 5)).toBeUndefined()
    expect(store.responses.get('resp_2', 't1', 15)).toMatchObject({ id: 'resp_2' })
  })
})
