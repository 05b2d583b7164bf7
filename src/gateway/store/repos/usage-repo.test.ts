import { beforeEach, expect, it } from 'vitest'
import { describeOnEngines } from '../../../../test/support/store-engines'
import type { Store } from '../store'
import type { UsageRow } from './usage-repo'

const row = (id: string, createdAt: number, patch: Partial<UsageRow> = {}): UsageRow => ({
  id,
  createdAt,
  endpoint: 'chat.completions',
  source: 'api',
  keyId: 'k',
  teamId: 'team-a',
  userId: null,
  requestedModel: 'echo',
  modelId: 'm1',
  modelName: 'gpt-echo',
  attempts: [],
  status: 200,
  stream: false,
  latencyMs: 1,
  promptTokens: 1,
  completionTokens: 1,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  audioSeconds: 0,
  characters: 0,
  creditsMicro: 0,
  usageEstimated: false,
  error: null,
  metadata: null,
  tools: [],
  ...patch,
})

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
