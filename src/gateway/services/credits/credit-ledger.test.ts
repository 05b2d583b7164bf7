import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '../../../../test/support/serve-child'
import { holdWriteLock, pageCapFiller } from '../../../../test/support/storage-faults'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import { usageRow } from '../../../../test/support/usage-rows'
import { isGatewayError } from '../../../shared/errors'
import { servingBusyTimeout } from '../../store/database'
import { toMicro } from '../../store/repos/company-repo'
import type { UsageRow } from '../../store/repos/usage-repo'
import { openStore, type Store } from '../../store/store'
import { createCreditLedger } from './credit-ledger'

const tempDir = useTempDirs('gh-ledger-')
const opened: Store[] = []
const released: Array<() => void> = []
afterEach(() => {
  released.splice(0).forEach((r) => r())
  opened.splice(0).forEach((s) => s.close())
})

function storeWithCredits(credits: number) {
  const file = join(tempDir(), 'gatehouse.db')
  const store = openStore(file)
  opened.push(store)
  store.company.add(toMicro(credits))
  // The ledger runs in a serving gateway (buildGateway sets this): a write the lock refuses fails after 20 ms, not start-up's 5 s.
  servingBusyTimeout(store.db)
  return { store, file }
}

function lock(file: string) {
  const held = holdWriteLock(file)
  released.push(held.release)
  return held
}

let n = 0
const row = (credits: number, extra: Partial<UsageRow> = {}): UsageRow =>
  usageRow(`req-${++n}`, { createdAt: 1_790_000_000_000 + n, creditsMicro: toMicro(credits), ...extra })

const fastRetry = { retry: { firstDelayMs: 10, maxDelayMs: 40 } }
const writtenIds = (store: Store) => store.usage.list({ limit: 100 }).map((r) => r.id).reverse()

describe('the usage ledger when its group commit fails', () => {
  it('keeps the rows and charges of a commit the lock refused, holds them, and writes them in order once it is released', async () => {
    const { store, file } = storeWithCredits(2)
    const ledger = createCreditLedger(store, fastRetry)
    const held = lock(file)
    const rows = [row(0.5), row(0.25), row(0.75)]
    for (const r of rows) ledger.settle(ledger.reserve(toMicro(1)), r)
    expect(() => ledger.flush()).not.toThrow()

    expect(ledger.problem()).toMatch(/^usage_log_unwritable: the database is locked by another process; 3 answered requests wait to be recorded$/)
    expect(store.company.balanceMicro()).toBe(toMicro(2))
    // 1.5 of the 2 credits are spent though not written: once the rest is held, the next request is refused.
    expect(ledger.reserve(toMicro(0.5)).holdMicro).toBe(toMicro(0.5))
    expect(() => ledger.reserve(toMicro(0.1))).toThrow(expect.objectContaining({ status: 402 }))

    held.release()
    await waitFor(() => (ledger.problem() === null ? true : undefined), 'the retried commit')
    expect(writtenIds(store)).toEqual(rows.map((r) => r.id))
    expect(store.company.balanceMicro()).toBe(toMicro(2 - 1.5))
  })

  it('writes the started row of a request first when it was due while the lock held, then its final row over it', async () => {
    const { store, file } = storeWithCredits(2)
    let now = 1_000
    const ledger = createCreditLedger(store, { ...fastRetry, now: () => now })
    const held = lock(file)
    const final = row(0.5)
    const reservation = ledger.reserve(toMicro(1))
    ledger.begin(final.id, () => ({ ...final, status: 0, creditsMicro: 0 }))
    now += 1000
    ledger.flush()
    expect(ledger.problem()).toMatch(/1 answered request wait/)
    ledger.settle(reservation, final)
    held.release()
    await waitFor(() => (ledger.problem() === null && store.usage.get(final.id)?.status === 200 ? true : undefined), 'the final row')
    expect(store.usage.get(final.id)).toMatchObject({ status: 200, state: 'done', creditsMicro: toMicro(0.5) })
  })

  it('writes a backlog larger than one commit takes in several, in order, each charge once', async () => {
    const { store, file } = storeWithCredits(10_000)
    const ledger = createCreditLedger(store, fastRetry)
    const held = lock(file)
    const rows = Array.from({ length: 2500 }, (_, i) => row(i % 2 ? 1 : 0.5))
    for (const r of rows) ledger.settle(ledger.reserve(1), r)
    ledger.flush()
    expect(ledger.problem()).toMatch(/2500 answered requests wait/)
    held.release()
    await waitFor(() => (ledger.problem() === null && store.usage.get(rows.at(-1)!.id) ? true : undefined), 'the backlog written')
    const ids = store.db.prepare('SELECT id FROM usage_log ORDER BY rowid').pluck().all()
    expect(ids).toEqual(rows.map((r) => r.id))
    expect(store.company.balanceMicro()).toBe(toMicro(10_000 - 1250 * 1.5))
  })

  it('refuses new paid requests with 503 naming the cause once the limit of unwritten rows is reached, and takes them again once written', async () => {
    const { store, file } = storeWithCredits(100)
    const ledger = createCreditLedger(store, { ...fastRetry, maxUnwrittenRows: 2 })
    const held = lock(file)
    ledger.settle(ledger.reserve(1), row(0.1))
    ledger.settle(ledger.reserve(1), row(0.1))
    ledger.flush()

    let refusal: unknown
    try {
      ledger.reserve(1)
    } catch (e) {
      refusal = e
    }
    expect(isGatewayError(refusal)).toBe(true)
    expect(refusal).toMatchObject({ status: 503, code: 'usage_log_unwritable', headers: { 'retry-after': expect.any(String) } })
    expect((refusal as Error).message).toMatch(/^The usage log cannot be written \(the database is locked by another process\), and 2 answered requests already wait to be recorded/)

    held.release()
    await waitFor(() => (ledger.problem() === null ? true : undefined), 'the retried commit')
    expect(ledger.reserve(1).holdMicro).toBe(1)
    expect(store.usage.list({ limit: 10 })).toHaveLength(2)
  })

  it('keeps what a full database refused (SQLITE_FULL) and writes it once there is room again', async () => {
    const { store } = storeWithCredits(10)
    const ledger = createCreditLedger(store, fastRetry)
    const disk = pageCapFiller(store.db)
    disk.fill()
    // An error text longer than a page needs new pages: the capped file cannot take it.
    const rows = [row(1, { status: 500, error: 'x'.repeat(20_000) }), row(2)]
    for (const r of rows) ledger.settle(ledger.reserve(1), r)
    ledger.flush()
    expect(ledger.problem()).toMatch(/^usage_log_unwritable: the disk holding the data dir is full; 2 answered requests wait/)

    disk.free()
    await waitFor(() => (ledger.problem() === null ? true : undefined), 'the retried commit')
    expect(writtenIds(store)).toEqual(rows.map((r) => r.id))
    expect(store.company.balanceMicro()).toBe(toMicro(10 - 3))
  })
})

describe('the group commit', () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve))

  it('holds a settlement back while other requests run, so their rows share a commit, and writes at once when the last one settles', async () => {
    const { store } = storeWithCredits(10)
    // A minute's interval: whatever is written before it is written because the ledger chose to.
    const ledger = createCreditLedger(store, { minCommitIntervalMs: 60_000, now: () => 1_000 })
    const [a, b, c] = [ledger.reserve(toMicro(1)), ledger.reserve(toMicro(1)), ledger.reserve(toMicro(1))]
    const rows = [row(0.5), row(0.25), row(0.75)]
    ledger.settle(a, rows[0]!)
    await turn()
    expect(writtenIds(store)).toEqual([rows[0]!.id])

    ledger.settle(b, rows[1]!)
    await turn()
    expect(writtenIds(store)).toEqual([rows[0]!.id])
    expect(store.company.balanceMicro()).toBe(toMicro(10 - 0.5))

    ledger.settle(c, rows[2]!)
    await turn()
    expect(writtenIds(store)).toEqual(rows.map((r) => r.id))
    expect(store.company.balanceMicro()).toBe(toMicro(10 - 1.5))
    ledger.close()
  })

  it('holds back a settlement that left nothing in flight when a request begins before its commit runs, and still writes a lone one at once', async () => {
    const { store } = storeWithCredits(10)
    const ledger = createCreditLedger(store, { minCommitIntervalMs: 60_000, now: () => 1_000 })
    const rows = [row(0.5), row(0.25), row(0.75), row(1)]
    ledger.settle(ledger.reserve(toMicro(1)), rows[0]!)
    await turn()
    expect(writtenIds(store)).toEqual([rows[0]!.id])

    // A busy client's next request begins in the turn its last one settled in: its row will share the commit.
    ledger.settle(ledger.reserve(toMicro(1)), rows[1]!)
    const next = ledger.reserve(toMicro(1))
    await turn()
    expect(writtenIds(store)).toEqual([rows[0]!.id])

    ledger.settle(next, rows[2]!)
    await turn()
    expect(writtenIds(store)).toEqual(rows.slice(0, 3).map((r) => r.id))

    // A lone request, well within the interval: nothing joins it, so its row and charge are written at once.
    ledger.settle(ledger.reserve(toMicro(1)), rows[3]!)
    await turn()
    expect(writtenIds(store)).toEqual(rows.map((r) => r.id))
    expect(store.company.balanceMicro()).toBe(toMicro(10 - 2.5))
    ledger.close()
  })
})
