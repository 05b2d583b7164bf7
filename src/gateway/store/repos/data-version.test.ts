import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import pg from 'pg'
import { describeOnEngines } from '../../../../test/support/store-engines'
import type { Store } from '../store'
import { CHANGE_CHECK_MS } from '../postgres/change-feed'
import { DATA_VERSION_CHECK_MS, setDataVersionClock } from './data-version'

/**
 * Two connections on one database, as two gateway processes on one data dir (SQLite) or two instances
 * on one PostgreSQL would have: the caches of each notice what the other commits. On SQLite through
 * data_version at the latest one check interval later; on PostgreSQL through a notification, with the
 * clock of the periodic check standing still (so the notification alone does it).
 */
const dirs: string[] = []
let now = 0
beforeEach(() => setDataVersionClock(() => now))
afterEach(() => {
  vi.useRealTimers()
  setDataVersionClock(() => performance.now())
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }))
})
const sqliteFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gh-data-version-'))
  dirs.push(dir)
  return join(dir, 'gatehouse.db')
}

describeOnEngines(
  'caches of security state follow writes of another connection',
  (engine) => {
    let a: Store
    let b: Store
    beforeEach(() => {
      // SQLite's check interval is a timer (set as each connection opens): these tests move it by hand.
      if (engine.engine === 'sqlite') vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      a = engine.open()
      b = engine.open()
      a.teams.upsert({ id: 't1', name: 'alpha', models: null, fallbacks: {}, useFallbacks: true, source: 'admin' }, 1)
      a.keys.insert({ id: 'k1', kind: 'team', teamId: 't1', userId: null, hash: 'h1', hint: 'x', name: null, source: 'admin', createdAt: 1, expiresAt: null })
      a.company.applyConfigBudget(5_000_000)
    })
    /** SQLite: one check interval passes. PostgreSQL: the notification arrives, time standing still. */
    const eventually = async (assertion: () => void) => {
      if (engine.engine === 'sqlite') {
        vi.advanceTimersByTime(DATA_VERSION_CHECK_MS)
        assertion()
      } else await vi.waitFor(assertion, { timeout: 10_000, interval: 5 })
    }

    it('keys: a revocation through one is honoured by the other', async () => {
      expect(a.keys.getByHash('h1')!.revokedAt).toBeNull()
      b.keys.revoke('k1', 99)
      await eventually(() => expect(a.keys.getByHash('h1')!.revokedAt).toBe(99))
    })

    it('teams, models, providers and the company balance too', async () => {
      expect(a.teams.get('t1')!.useFallbacks).toBe(true)
      expect(a.company.balanceMicro()).toBe(5_000_000)
      expect(a.providers.list()).toEqual([])
      expect(a.models.list()).toEqual([])
      b.teams.upsert({ id: 't1', name: 'alpha', models: ['m'], fallbacks: {}, useFallbacks: false, source: 'admin' }, 2)
      b.company.add(-4_000_000)
      b.providers.upsert({ id: 'p', type: 'local', baseUrl: null, apiKeyRef: null, secret: null, options: {}, source: 'admin' }, 2)
      await eventually(() => {
        expect(a.teams.get('t1')).toMatchObject({ useFallbacks: false, models: ['m'] })
        expect(a.company.balanceMicro()).toBe(1_000_000)
        expect(a.providers.list().map((p) => p.id)).toEqual(['p'])
      })
    })

    if (engine.engine === 'sqlite') {
      it('checks at most once per interval: a read in between is served from memory', () => {
        a.keys.getByHash('h1')
        vi.advanceTimersByTime(DATA_VERSION_CHECK_MS)
        a.keys.getByHash('h1')
        b.keys.revoke('k1', 99)
        expect(a.keys.getByHash('h1')!.revokedAt).toBeNull()
        vi.advanceTimersByTime(DATA_VERSION_CHECK_MS)
        expect(a.keys.getByHash('h1')!.revokedAt).toBe(99)
      })
    } else {
      it('a change whose notification was lost is picked up by the periodic check of the change sequence', async () => {
        // Once a notification has come through, the listener is up (its connecting clears every cache once).
        b.teams.upsert({ id: 't1', name: 'alpha', models: null, fallbacks: {}, useFallbacks: false, source: 'admin' }, 2)
        await vi.waitFor(() => expect(a.teams.get('t1')!.useFallbacks).toBe(false), { timeout: 10_000, interval: 5 })
        expect(a.keys.getByHash('h1')!.revokedAt).toBeNull()
        // A write that notifies no one (triggers off), as if the listening connection had been down: only the sequence moves.
        const raw = new pg.Client({ connectionString: engine.location() })
        await raw.connect()
        await raw.query("SET session_replication_role = replica; UPDATE api_keys SET revoked_at = 99 WHERE id = 'k1'; SELECT nextval('gatehouse_changes_seq')")
        await raw.end()
        expect(a.keys.getByHash('h1')!.revokedAt).toBeNull()
        now += CHANGE_CHECK_MS
        expect(a.keys.getByHash('h1')!.revokedAt).toBe(99)
      })
    }
  },
  sqliteFile,
)

