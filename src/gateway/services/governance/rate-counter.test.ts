import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openStore } from '../../store/store'
import { memoryRateCounter, storeRateCounter } from './rate-counter'

const MINUTE = 60_000

describe('rate counters', () => {
  it('in memory: counts the current minute; a late correction never reopens a past window', () => {
    const c = memoryRateCounter()
    expect(c.add('key:a', MINUTE, 1, 100)).toEqual({ requests: 1, tokens: 100 })
    expect(c.add('key:a', MINUTE, 1, 50)).toEqual({ requests: 2, tokens: 150 })
    expect(c.add('key:a', 2 * MINUTE, 1, 10)).toEqual({ requests: 1, tokens: 10 })
    expect(c.add('key:a', MINUTE, 0, -50)).toEqual({ requests: 0, tokens: 0 })
    expect(c.add('key:a', 2 * MINUTE, 0, 0)).toEqual({ requests: 1, tokens: 10 })
  })

  describe('in the store, shared by two connections (two instances on SQLite)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-rate-'))
    const a = openStore(join(dir, 'gatehouse.db'))
    const b = openStore(join(dir, 'gatehouse.db'))
    afterAll(() => {
      a.close()
      b.close()
      rmSync(dir, { recursive: true, force: true })
    })

    it('adds atomically across connections and answers the totals after each add', () => {
      const ca = storeRateCounter(a.governance)
      const cb = storeRateCounter(b.governance)
      const totals = Array.from({ length: 10 }, (_, i) => ((i % 2 ? cb : ca).add('team:t', 10 * MINUTE, 1, 7)).requests)
      expect(totals).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      expect(cb.add('team:t', 10 * MINUTE, -1, -7)).toEqual({ requests: 9, tokens: 63 })
    })

    it('sweeps windows older than five minutes when a new minute starts', () => {
      const ca = storeRateCounter(a.governance)
      ca.add('team:old', 20 * MINUTE, 1, 1)
      ca.add('team:new', 30 * MINUTE, 1, 1)
      expect(b.governance.window('team:old', 20 * MINUTE)).toEqual({ requests: 0, tokens: 0 })
      expect(b.governance.window('team:new', 30 * MINUTE)).toEqual({ requests: 1, tokens: 1 })
    })
  })
})
