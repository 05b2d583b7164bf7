import type Database from 'better-sqlite3'
import { beforeEach, expect, it } from 'vitest'
import { describeOnEngines } from '../../../../test/support/store-engines'
import { usageRow } from '../../../../test/support/usage-rows'
import { openStore, type Store } from '../store'
import type { UsageRow } from './usage-repo'

const row = (id: string, createdAt: number, patch: Partial<UsageRow> = {}): UsageRow =>
  usageRow(id, { createdAt, keyId: 'k', teamId: 'team-a', requestedModel: 'echo', modelId: 'm1', latencyMs: 1, promptTokens: 1, completionTokens: 1, ...patch })

describeOnEngines('usage log filters', (engine) => {
  let store: Store
  beforeEach(() => {
    store = engine.open()
    store.usage.insert(row('r1', 1000))
    store.usage.insert(row('r2', 2000, { teamId: 'team-b', metadata: { project: 'atlas', env: 'prod' } }))
    store.usage.insert(row('r3', 3000, { endpoint: 'messages', modelName: 'claude', requestedModel: 'sonnet' }))
    store.usage.insert(row('r4', 3000, { metadata: { project: 'atlas', env: 'dev' } }))
  })
  const ids = (filter: Parameters<Store['usage']['list']>[0]) => store.usage.list(filter).map((r) => r.id)

  it('lists newest first, insertion order breaking ties, within the limit', () => {
    expect(ids({ limit: 10 })).toEqual(['r4', 'r3', 'r2', 'r1'])
    expect(ids({ limit: 2 })).toEqual(['r4', 'r3'])
  })

  it('filters by team, model (served or requested), endpoint, time and every metadata tag', () => {
    expect(ids({ limit: 10, teamId: 'team-b' })).toEqual(['r2'])
    expect(ids({ limit: 10, model: 'sonnet' })).toEqual(['r3'])
    expect(ids({ limit: 10, model: 'claude' })).toEqual(['r3'])
    expect(ids({ limit: 10, endpoint: 'messages' })).toEqual(['r3'])
    expect(ids({ limit: 10, before: 3000 })).toEqual(['r2', 'r1'])
    expect(ids({ limit: 10, metadata: { project: 'atlas' } })).toEqual(['r4', 'r2'])
    expect(ids({ limit: 10, metadata: { project: 'atlas', env: 'prod' } })).toEqual(['r2'])
    expect(ids({ limit: 10, metadata: { 'a"b': 'x' } })).toEqual([])
  })
})

describeOnEngines('usage log rows', (engine) => {
  // Every field distinct from its neighbours and from its default, so a value bound to the wrong column shows.
  const full: UsageRow = {
    ...row('r-full', 4242, {}),
    keyId: 'key-1',
    teamId: 'team-1',
    userId: 'user-1',
    requestedModel: 'asked',
    modelId: 'model-id-1',
    modelName: 'served',
    attempts: [{ model: 'served', modelId: 'model-id-1', status: 200, latencyMs: 7, deployment: 'up/served-1' }],
    status: 207,
    stream: true,
    latencyMs: 11,
    promptTokens: 13,
    completionTokens: 17,
    cachedTokens: 19,
    cacheCreationTokens: 23,
    audioSeconds: 2.5,
    characters: 29,
    creditsMicro: 31,
    usageEstimated: true,
    error: 'upstream said no',
    metadata: { project: 'atlas' },
    tools: [{ type: 'web_search', name: 'searxng_search', input: 'q', status: 'ok', latencyMs: 37, sources: [{ title: 't', url: 'https://example.com' }] }],
    state: 'started',
    cacheHit: true,
  }

  it('reads back every field as written, and a final row replaces its started row whole', () => {
    const store = engine.open()
    store.usage.insert(full)
    expect(store.usage.get('r-full')).toEqual(full)
    const done: UsageRow = { ...row('r-full', 4242), state: 'done', cacheHit: false }
    store.usage.replace(done)
    expect(store.usage.get('r-full')).toEqual(done)
  })

  it('writes a group of rows in their order, each as insert would (one statement on PostgreSQL)', () => {
    const store = engine.open()
    const second = row('r-second', 4242, { metadata: { project: "it's \"quoted\"" }, error: 'line\nbreak' })
    store.usage.insertAll([full, second, row('r-third', 4242)])
    expect(store.usage.get('r-full')).toEqual(full)
    expect(store.usage.get('r-second')).toEqual({ ...second, state: 'done', cacheHit: false })
    expect(store.usage.list({ limit: 10 }).map((r) => r.id)).toEqual(['r-third', 'r-second', 'r-full'])
  })
})

it('keeps on the usage log only indexes a query uses: each one costs every usage row an update', () => {
  const store = openStore(':memory:')
  const db = store.db as Database.Database
  const indexes = (db.prepare('PRAGMA index_list(usage_log)').all() as Array<{ name: string }>).map((i) => i.name).sort()
  // The key (id), newest first (and every time range), per team, per key, and the requests still running.
  expect(indexes).toEqual(['sqlite_autoindex_usage_log_1', 'usage_log_created', 'usage_log_key', 'usage_log_started', 'usage_log_team'])
  // A model filter matches the served or the requested model: no index of one column answers it, so it walks newest first.
  const plan = (db.prepare("EXPLAIN QUERY PLAN SELECT id FROM usage_log WHERE (model_name = 'm' OR requested_model = 'm') ORDER BY created_at DESC, id DESC LIMIT 50").all() as Array<{ detail: string }>).map((r) => r.detail)
  expect(plan).toEqual(['SCAN usage_log USING INDEX usage_log_created'])
  store.close()
})
