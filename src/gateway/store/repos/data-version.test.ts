import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../store'
import { DATA_VERSION_CHECK_MS, setDataVersionClock } from './data-version'

/**
 * Two connections on one database file, as two gateway processes on one data dir would have: the
 * caches of each notice what the other commits (SQLite's data_version) at the latest one check
 * interval later.
 */
let dir: string
let a: Store
let b: Store
let now = 0
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gh-data-version-'))
  setDataVersionClock(() => now)
  a = openStore(join(dir, 'gatehouse.db'))
  b = openStore(join(dir, 'gatehouse.db'))
  a.teams.upsert({ id: 't1', name: 'alpha', models: null, fallbacks: {}, useFallbacks: true, source: 'admin' }, 1)
  a.keys.insert({ id: 'k1', kind: 'team', teamId: 't1', userId: null, hash: 'h1', hint: 'x', name: null, source: 'admin', createdAt: 1, expiresAt: null })
  a.company.applyConfigBudget(5_000_000)
})
afterEach(() => {
  a.close()
  b.close()
  setDataVersionClock(() => performance.now())
  rmSync(dir, { recursive: true, force: true })
})

describe('caches of security state follow writes of another connection', () => {
  it('keys: a revocation through one is honoured by the other within one check interval', () => {
    expect(a.keys.getByHash('h1')!.revokedAt).toBeNull()
    b.keys.revoke('k1', 99)
    now += DATA_VERSION_CHECK_MS
    expect(a.keys.getByHash('h1')!.revokedAt).toBe(99)
  })

  it('teams, models, providers and the company balance too', () => {
    expect(a.teams.get('t1')!.useFallbacks).toBe(true)
    expect(a.company.balanceMicro()).toBe(5_000_000)
    expect(a.providers.list()).toEqual([])
    expect(a.models.list()).toEqual([])
    b.teams.upsert({ id: 't1', name: 'alpha', models: ['m'], fallbacks: {}, useFallbacks: false, source: 'admin' }, 2)
    b.company.add(-4_000_000)
    b.providers.upsert({ id: 'p', type: 'local', baseUrl: null, apiKeyRef: null, secret: null, options: {}, source: 'admin' }, 2)
    now += DATA_VERSION_CHECK_MS
    expect(a.teams.get('t1')).toMatchObject({ useFallbacks: false, models: ['m'] })
    expect(a.company.balanceMicro()).toBe(1_000_000)
    expect(a.providers.list().map((p) => p.id)).toEqual(['p'])
  })

  it('checks at most once per interval: a read in between is served from memory', () => {
    a.keys.getByHash('h1')
    now += DATA_VERSION_CHECK_MS
    a.keys.getByHash('h1')
    b.keys.revoke('k1', 99)
    expect(a.keys.getByHash('h1')!.revokedAt).toBeNull()
    now += DATA_VERSION_CHECK_MS
    expect(a.keys.getByHash('h1')!.revokedAt).toBe(99)
  })
})
