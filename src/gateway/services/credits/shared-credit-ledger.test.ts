import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { describeOnEngines, type EngineContext } from '../../../../test/support/store-engines'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import { usageRow } from '../../../../test/support/usage-rows'
import { toMicro } from '../../store/repos/company-repo'
import type { UsageRow } from '../../store/repos/usage-repo'
import type { Store } from '../../store/store'
import { createInstanceRegistry, STALE_AFTER_MS } from '../cluster/instance-registry'
import { type CreditLedger, type Reservation } from './credit-ledger'
import { createSharedCreditLedger } from './shared-credit-ledger'

// Two connections to one database stand for two gateways sharing a store, on SQLite and on PostgreSQL.
const tempDir = useTempDirs('gh-shared-ledger-')
afterEach(() => {
  vi.useRealTimers()
})

function twoInstances(ctx: EngineContext, credits: number) {
  const [a, b] = [ctx.open(), ctx.open()]
  a.company.add(toMicro(credits))
  return { a, b }
}

let n = 0
const usage = (credits: number): UsageRow => usageRow(`req-${++n}`, { createdAt: 1_790_000_000_000 + n, creditsMicro: toMicro(credits) })

const heldInDb = (s: Store) => s.creditHolds.read().heldMicro
const usageTotal = (s: Store) => s.usage.list({ limit: 1000 }).reduce((sum, r) => sum + r.creditsMicro, 0)

describeOnEngines('the shared credit ledger (several gateways on one store)', (ctx) => {
  it('lets two instances hold no more than the balance between them, and settles so balance, holds and usage rows agree', () => {
    const { a, b } = twoInstances(ctx, 10)
    const ledgers = [createSharedCreditLedger(a, { instanceId: 'inst-a' }), createSharedCreditLedger(b, { instanceId: 'inst-b' })] as const
    const held: Array<{ ledger: CreditLedger; r: Reservation }> = []
    for (let i = 0; i < 30; i++) {
      const ledger = ledgers[i % 2]!
      try {
        held.push({ ledger, r: ledger.reserve(toMicro(1), 'max_tokens 100; lower max_tokens') })
      } catch (e) {
        expect(e).toMatchObject({ status: 402 })
      }
    }
    expect(held).toHaveLength(10)
    expect(heldInDb(a)).toBe(toMicro(10))
    // Each instance refuses once the other's holds use up what is left, though its own are only half.
    expect(ledgers[0].heldMicro()).toBe(toMicro(5))

    for (const { ledger, r } of held) ledger.settle(r, usage(0.75))
    ledgers.forEach((l) => l.flush())
    expect(a.company.balanceMicro()).toBe(toMicro(10) - toMicro(7.5))
    expect(heldInDb(b)).toBe(0)
    expect(usageTotal(b)).toBe(toMicro(7.5))
    expect(a.usage.list({ limit: 100 })).toHaveLength(10)
    // What the settlements gave back is free for either instance again.
    expect(ledgers[1].reserve(toMicro(2.5), 'max_tokens 100').holdMicro).toBe(toMicro(2.5))
  })

  it('holds a whole ceiling that fits, at most what is left of an assumed one, and refuses even a free request once nothing is left', () => {
    const { a } = twoInstances(ctx, 10)
    const ledger = createSharedCreditLedger(a, { instanceId: 'inst-a' })
    expect(ledger.reserve(toMicro(4), 'max_tokens 400').holdMicro).toBe(toMicro(4))
    expect(ledger.reserve(toMicro(6)).holdMicro).toBe(toMicro(6))
    expect(heldInDb(a)).toBe(toMicro(10))
    expect(() => ledger.reserve(0)).toThrow(expect.objectContaining({ status: 402 }))
    a.company.add(toMicro(3))
    expect(ledger.reserve(toMicro(5))).toMatchObject({ holdMicro: toMicro(3), ceilingMicro: toMicro(5) })
    expect(() => ledger.reserve(toMicro(1), 'max_tokens 10')).toThrow(expect.objectContaining({ status: 402, message: expect.stringMatching(/held by requests still running/) }))
  })

  it("gives back the holds of an instance that died and marks only its started rows interrupted", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    const { a, b } = twoInstances(ctx, 10)
    const clock = { now: () => Date.now() }
    const registry = (store: Store, id: string, heartbeatMs?: number) => createInstanceRegistry({ store, clock, shared: true, heartbeatMs, self: { id, host: 'test', pid: 1, version: 'test' } })
    // inst-a beats once, at start: then it is killed, and nothing of it runs any more.
    const [regA, regB] = [registry(a, 'inst-a', 24 * 3600_000), registry(b, 'inst-b')]
    regA.start('http://a')
    regB.start('http://b')
    const [ledgerA, ledgerB] = [createSharedCreditLedger(a, { instanceId: 'inst-a' }), createSharedCreditLedger(b, { instanceId: 'inst-b' })]
    const rowA = usage(0)
    const rowB = usage(0)
    ledgerA.reserve(toMicro(4))
    ledgerA.begin(rowA.id, () => rowA)
    ledgerB.reserve(toMicro(3))
    ledgerB.begin(rowB.id, () => rowB)
    vi.advanceTimersByTime(300) // both requests run long enough for their `started` rows
    expect(b.usage.get(rowA.id)?.state).toBe('started')
    expect(heldInDb(b)).toBe(toMicro(7))
    expect(regB.live().map((i) => i.id)).toEqual(['inst-a', 'inst-b'])

    ledgerA.close()
    vi.advanceTimersByTime(STALE_AFTER_MS + 1000)

    expect(regB.live().map((i) => i.id)).toEqual(['inst-b'])
    expect(heldInDb(b)).toBe(toMicro(3))
    expect(b.usage.get(rowA.id)).toMatchObject({ state: 'interrupted', error: expect.stringMatching(/crash or a kill/) })
    expect(b.usage.get(rowB.id)?.state).toBe('started')
    expect(b.company.balanceMicro()).toBe(toMicro(10))
    regB.stop()
  })
}, () => join(tempDir(), 'gatehouse.db'))
