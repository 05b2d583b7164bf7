import { GatewayError } from '../../../shared/errors'
import type { UsageRow } from '../../store/repos/usage-repo'
import type { Store } from '../../store/store'
import { createCommitRetry, type CommitRetryOptions } from './commit-retry'
import { formatCredits } from './pricing'

export interface Reservation {
  /** What the request holds while it runs. */
  readonly holdMicro: number
  /** The most it can cost (its charge is capped there); more than its hold when what was left was less. */
  readonly ceilingMicro: number
  settled: boolean
}

const refused = (message: string) => new GatewayError({ status: 402, type: 'insufficient_credits', code: 'insufficient_credits', message })

/**
 * The 402 says what is true: credits spent (the budget is used up), credits held by requests still
 * running (they come back when those end), or a request whose own worst case is more than is left.
 * `balanceMicro` is what is left once every settled charge is counted; `heldMicro`, the holds of
 * requests in flight; `why`, what makes this request's hold (e.g. its max_tokens) and how to lower it.
 */
export function outOfCredits(r: { balanceMicro: number; heldMicro: number; holdMicro: number; why?: string }) {
  if (r.balanceMicro <= 0) return refused('Your company has run out of credits: its budget is used up. Ask the owner to buy more credits, then try again.')
  const mayCost = `up to ${formatCredits(r.holdMicro)} credits${r.why ? ` (${r.why})` : ''}`
  if (r.holdMicro > r.balanceMicro) return refused(`This request may cost ${mayCost}, but your company has only ${formatCredits(r.balanceMicro)} left.`)
  const held = `${formatCredits(r.heldMicro)} of your company's ${formatCredits(r.balanceMicro)} credits are held by requests still running, not spent`
  return refused(`${held}${r.holdMicro > 0 ? `, and this request may cost ${mayCost}` : ''}. Try again when they finish.`)
}

/**
 * Reserve, then settle. A request holds an estimate of its cost while it runs; a new request is refused
 * with 402 once the balance minus what is held is used up, so concurrent requests can overspend by at
 * most what was already in flight.
 *
 * Settling charges the real cost in the same transaction as the usage row. Settlements are committed
 * together (group commit): at once after the turn of the event loop they happen in, or, under load,
 * at most one commit per `minCommitIntervalMs`, so one SQLite commit serves many requests (a commit
 * per request cost about 40 µs of CPU, eight rows a commit about 11 µs each; at 2 ms a commit served
 * only a few rows of 16 busy clients, and 10 ms cut the CPU per proxied request by about a tenth). A
 * settlement with no other request in flight is committed at once: no other row is coming to share its
 * commit, and a lone client reads its row and balance as soon as it has its answer.
 * Until the commit runs their charges count as held. A request's row is first written when it begins (`begin`), in the same
 * group commits, and replaced by its final row when it settles.
 *
 * A commit that fails (a full disk, a database another process holds locked) loses nothing: its rows
 * go back in front of the queue, in order, their charges go on counting as held, and the commit is
 * tried again with back-off (commit-retry.ts) until it succeeds. Once `maxUnwrittenRows` answered
 * requests wait to be recorded, new paid requests are refused with 503 rather than served unrecorded.
 */
/** How long a request runs before its `started` row is written. */
export const STARTED_ROW_AFTER_MS = 250

export const INTERRUPTED = 'The gateway stopped before the request ended (a crash or a kill); its usage is unknown and was not charged.'

/** The most rows one group commit writes: about 10 ms of the event loop (11 µs a row). */
const MAX_ROWS_PER_COMMIT = 1000

const sumCredits = (rows: UsageRow[]) => rows.reduce((sum, r) => sum + r.creditsMicro, 0)

/** Answered requests waiting to be recorded before new paid requests are refused (about 10 MB of rows). */
export const MAX_UNWRITTEN_ROWS = 10_000

export interface CreditLedgerOptions {
  minCommitIntervalMs?: number
  now?: () => number
  maxUnwrittenRows?: number
  /** Back-off and logging of failed commits. */
  retry?: CommitRetryOptions
}

export function createCreditLedger(store: Store, { minCommitIntervalMs = 10, now = () => Date.now(), maxUnwrittenRows = MAX_UNWRITTEN_ROWS, retry: retryOptions }: CreditLedgerOptions = {}) {
  // The data dir has one owner (boot/data-dir-lock.ts): a row still `started` belongs to a gateway that is gone.
  store.usage.markInterrupted(INTERRUPTED)
  let heldMicro = 0
  /** Reservations not settled yet: while some run, a commit waits for their rows. */
  let inFlight = 0
  /** Requests that began, with when, and how to make their `started` row (made only if it is written). */
  const starting = new Map<string, { at: number; row: () => UsageRow }>()
  /** Requests whose `started` row is committed (or waits in `unwrittenStarted`): their final row replaces it. */
  const written = new Set<string>()
  let startedTimer: NodeJS.Timeout | undefined
  let pending: UsageRow[] = []
  let replacing: UsageRow[] = []
  /** `started` rows taken from `starting` whose commit failed: written first by the next one. */
  let unwrittenStarted: UsageRow[] = []
  let pendingMicro = 0
  let scheduled = false
  let lastCommit = -Infinity
  let closed = false
  const retry = createCommitRetry(retryOptions)
  const unwrittenRows = () => pending.length + replacing.length + unwrittenStarted.length

  /** The commit waiting for its interval, brought forward when the last request in flight settles. */
  let waitingCommit: NodeJS.Timeout | undefined

  function schedule(): void {
    if (retry.waiting()) return
    if (scheduled) {
      if (!waitingCommit || inFlight > 0) return
      clearTimeout(waitingCommit)
    }
    scheduled = true
    waitingCommit = undefined
    const wait = inFlight === 0 ? 0 : lastCommit + minCommitIntervalMs - now()
    if (wait <= 0) setImmediate(commitUnlessJoined)
    else waitingCommit = setTimeout(commit, wait, false)
  }

  /**
   * The commit of a settlement that left nothing in flight, a turn later: a request that began in that turn
   * (a busy client's next one, read in the same poll) will settle a row to share it, so it waits for the
   * interval as if that request had been in flight already. Under 16 busy clients most commits were these,
   * of a few rows each.
   */
  function commitUnlessJoined(): void {
    const wait = lastCommit + minCommitIntervalMs - now()
    if (inFlight === 0 || wait <= 0 || closed) return commit(false)
    waitingCommit = setTimeout(commit, wait, false)
  }

  /** The `started` rows of requests running for STARTED_ROW_AFTER_MS or more, taken out of `starting`. */
  function dueStartedRows(at: number): UsageRow[] | null {
    let due: UsageRow[] | null = null
    for (const [id, s] of starting) {
      if (at - s.at < STARTED_ROW_AFTER_MS) break // insertion order is start order
      ;(due ??= []).push({ ...s.row(), state: 'started' })
      starting.delete(id)
      written.add(id)
    }
    return due
  }

  function armStartedTimer(): void {
    if (startedTimer || !starting.size) return
    const oldest = starting.values().next().value!
    startedTimer = setTimeout(() => {
      startedTimer = undefined
      commit(false)
    }, Math.max(0, oldest.at + STARTED_ROW_AFTER_MS - now()))
    startedTimer.unref()
  }

  /**
   * Writes what waits, MAX_ROWS_PER_COMMIT rows a transaction: a timer writes one and schedules the
   * next, so a backlog written after a fault never holds the event loop long; `force` (flush) writes
   * all of it at once, and tries even while a retry is armed.
   */
  function commit(force: boolean): void {
    scheduled = false
    clearTimeout(waitingCommit)
    waitingCommit = undefined
    if (closed) return
    const at = now()
    const due = dueStartedRows(at)
    armStartedTimer()
    if (due) unwrittenStarted.push(...due)
    if (retry.waiting() && !force) return
    retry.cancel()
    lastCommit = at
    while (commitSome() && force && unwrittenRows() > 0);
    if (unwrittenRows() > 0 && !retry.waiting()) schedule()
  }

  /** One transaction of up to MAX_ROWS_PER_COMMIT rows, `started` rows first (a final row may replace one); false when it failed. */
  function commitSome(): boolean {
    let room = MAX_ROWS_PER_COMMIT
    const started = unwrittenStarted.splice(0, room)
    room -= started.length
    const rows = pending.splice(0, room)
    room -= rows.length
    const replaced = replacing.splice(0, room)
    if (!started.length && !rows.length && !replaced.length) return true
    const total = sumCredits(rows) + sumCredits(replaced)
    pendingMicro -= total
    let balanceAfter: number | null = null
    try {
      store.transaction(() => {
        if (total !== 0) balanceAfter = store.company.add(-total)
        for (const row of started) store.usage.insert(row)
        for (const row of rows) store.usage.insert(row)
        for (const row of replaced) store.usage.replace(row)
      })
    } catch (err) {
      // Back in front of the queue, in order; until written, their charges count as held.
      unwrittenStarted = started.concat(unwrittenStarted)
      pending = rows.concat(pending)
      replacing = replaced.concat(replacing)
      pendingMicro += total
      retry.failed(err, unwrittenRows(), () => commit(false))
      return false
    }
    if (balanceAfter !== null) store.company.committed(balanceAfter)
    retry.succeeded()
    return true
  }

  const flush = () => commit(true)

  return {
    /**
     * Holds a request's worst-case cost (`ceilingMicro`) while it runs. A bound the client set
     * (`clientBound`, e.g. "max_tokens 4096; lower max_tokens") must fit in what is left after the holds of
     * requests in flight, or the request is refused saying so; a ceiling the gateway assumed (no
     * max_tokens, an audio file's longest duration) holds at most what is left. Nothing left: 402.
     */
    reserve(ceilingMicro: number, clientBound?: string): Reservation {
      if (unwrittenRows() >= maxUnwrittenRows) throw retry.refusal(maxUnwrittenRows)
      const balanceMicro = store.company.balanceMicro() - pendingMicro
      const available = balanceMicro - heldMicro
      if (available <= 0 || (clientBound !== undefined && ceilingMicro > available)) throw outOfCredits({ balanceMicro, heldMicro, holdMicro: ceilingMicro, why: clientBound })
      const holdMicro = Math.min(ceilingMicro, available)
      heldMicro += holdMicro
      inFlight++
      return { holdMicro, ceilingMicro, settled: false }
    },
    /**
     * Records that a request began: once it has run for STARTED_ROW_AFTER_MS its usage row is written
     * in state `started` (with the next group commit), so a crash while it runs (a stream, a slow
     * answer) leaves the row, marked `interrupted` at the next start. A request that ends sooner, as
     * most non-streamed ones do, writes only its final row: the hot path pays no second write.
     */
    begin(id: string, row: () => UsageRow): void {
      starting.set(id, { at: now(), row })
      armStartedTimer()
    },
    settle(reservation: Reservation, row: UsageRow): void {
      if (reservation.settled) return
      reservation.settled = true
      heldMicro -= reservation.holdMicro
      inFlight--
      if (!starting.delete(row.id) && written.delete(row.id)) replacing.push(row)
      else pending.push(row)
      pendingMicro += row.creditsMicro
      schedule()
    },
    /** Commits what is settled but not yet written (on shutdown, and for callers that read right away); never throws. */
    flush,
    /** Stops the timers (on shutdown, after the last flush); returns how many answered requests stay unrecorded. */
    close(): number {
      closed = true
      clearTimeout(waitingCommit)
      clearTimeout(startedTimer)
      startedTimer = undefined
      retry.cancel()
      return unwrittenRows()
    },
    heldMicro: () => heldMicro,
    /** Why the usage log cannot be written right now, for `/health`; null while it can. */
    problem: () => retry.problem(unwrittenRows()),
  }
}

export type CreditLedger = ReturnType<typeof createCreditLedger>
