import { randomUUID } from 'node:crypto'
import type { UsageRow } from '../../store/repos/usage-repo'
import type { Store } from '../../store/store'
import { createCommitRetry, type CommitRetryOptions } from './commit-retry'
import { MAX_UNWRITTEN_ROWS, outOfCredits, STARTED_ROW_AFTER_MS, type CreditLedger, type Reservation } from './credit-ledger'

export interface SharedCreditLedgerOptions {
  /** This gateway's row in gateway_instances: its holds and `started` rows carry it. */
  instanceId: string
  now?: () => number
  maxUnwrittenRows?: number
  retry?: CommitRetryOptions
}

/** How often a reservation that lost a race for the last credits reads the balance again before it is refused. */
const RESERVE_TRIES = 3
const MAX_ROWS_PER_COMMIT = 1000

interface Settled {
  row: UsageRow
  holdId: string
  holdMicro: number
  /** Its `started` row was written: the final row takes its place. */
  replaces: boolean
}

/**
 * The ledger of a store that several gateways share (PostgreSQL). The same contract as
 * createCreditLedger, but holds live in the database, not in memory: a reservation is one conditional
 * UPDATE of `company.held_micro` plus a `credit_holds` row with this instance's id, so no instance can
 * take credits another holds, and the holds of an instance that dies come back (instance-registry.ts).
 * A settlement releases the hold, charges the cost and writes the usage row in one transaction, so
 * the balance, the holds and the usage rows agree to the micro-credit at every commit. Settlements
 * of one turn of the event loop share a transaction; a failed commit keeps its rows, and their holds,
 * and retries with back-off as the SQLite ledger does.
 */
export function createSharedCreditLedger(store: Store, { instanceId, now = () => Date.now(), maxUnwrittenRows = MAX_UNWRITTEN_ROWS, retry: retryOptions }: SharedCreditLedgerOptions): CreditLedger {
  const holdIds = new WeakMap<Reservation, string>()
  const starting = new Map<string, NodeJS.Timeout>()
  const written = new Set<string>()
  let heldMicro = 0
  let pending: Settled[] = []
  let scheduled = false
  let closed = false
  const retry = createCommitRetry(retryOptions)

  function writeStarted(id: string, row: () => UsageRow): void {
    starting.delete(id)
    if (closed) return
    try {
      store.transaction(() => {
        store.usage.insert({ ...row(), state: 'started' })
        store.usageOwners.own(id, instanceId)
      })
      written.add(id)
    } catch {
      // Best effort: the final row is written either way; only a crash meanwhile would go unseen.
    }
  }

  function schedule(): void {
    if (scheduled || retry.waiting() || closed) return
    scheduled = true
    setImmediate(() => commit(false))
  }

  function commitSome(): boolean {
    const batch = pending.splice(0, MAX_ROWS_PER_COMMIT)
    if (!batch.length) return true
    const total = batch.reduce((sum, s) => sum + s.row.creditsMicro, 0)
    try {
      store.transaction(() => {
        if (total !== 0) store.company.add(-total)
        store.creditHolds.releaseAll(batch.map((s) => s.holdId))
        store.usage.insertAll(batch.filter((s) => !s.replaces).map((s) => s.row))
        for (const s of batch) {
          if (!s.replaces) continue
          store.usage.replace(s.row)
          store.usageOwners.disown(s.row.id)
        }
      })
    } catch (err) {
      pending = batch.concat(pending)
      retry.failed(err, pending.length, () => commit(false))
      return false
    }
    for (const s of batch) heldMicro -= s.holdMicro
    retry.succeeded()
    return true
  }
  function commit(force: boolean): void {
    scheduled = false
    if (retry.waiting() && !force) return
    retry.cancel()
    while (commitSome() && pending.length > 0 && force);
    if (pending.length > 0 && !retry.waiting()) schedule()
  }

  /** Holds `holdMicro` for a request of this ceiling if the balance minus every hold still covers it. */
  const tryHold = (holdMicro: number, ceilingMicro: number): Reservation | undefined => {
    const id = `hold_${randomUUID()}`
    if (!store.creditHolds.reserve({ id, instanceId, micro: holdMicro, createdAt: now() })) return undefined
    const reservation: Reservation = { holdMicro, ceilingMicro, settled: false }
    holdIds.set(reservation, id)
    heldMicro += holdMicro
    return reservation
  }

  return {
    reserve(ceilingMicro: number, clientBound?: string): Reservation {
      if (pending.length >= maxUnwrittenRows) throw retry.refusal(maxUnwrittenRows)
      // Most requests fit whole: holding the ceiling at once skips reading the balance first (a round trip on
      // PostgreSQL). It holds only when what is left covers it, so it decides as the read would have.
      const whole = ceilingMicro > 0 ? tryHold(ceilingMicro, ceilingMicro) : undefined
      if (whole) return whole
      for (let attempt = 1; ; attempt++) {
        const { balanceMicro, heldMicro: allHeld } = store.creditHolds.read()
        const available = balanceMicro - allHeld
        if (available <= 0 || (clientBound !== undefined && ceilingMicro > available) || attempt > RESERVE_TRIES) {
          throw outOfCredits({ balanceMicro, heldMicro: allHeld, holdMicro: ceilingMicro, why: clientBound })
        }
        // Another instance may have held the same credits since the read: then read again.
        const part = tryHold(Math.min(ceilingMicro, available), ceilingMicro)
        if (part) return part
      }
    },
    begin(id: string, row: () => UsageRow): void {
      const timer = setTimeout(writeStarted, STARTED_ROW_AFTER_MS, id, row)
      timer.unref()
      starting.set(id, timer)
    },
    settle(reservation: Reservation, row: UsageRow): void {
      if (reservation.settled) return
      reservation.settled = true
      clearTimeout(starting.get(row.id))
      starting.delete(row.id)
      pending.push({ row, holdId: holdIds.get(reservation)!, holdMicro: reservation.holdMicro, replaces: written.delete(row.id) })
      schedule()
    },
    flush: () => commit(true),
    close(): number {
      closed = true
      for (const timer of starting.values()) clearTimeout(timer)
      starting.clear()
      retry.cancel()
      return pending.length
    },
    heldMicro: () => heldMicro,
    problem: () => retry.problem(pending.length),
  }
}
