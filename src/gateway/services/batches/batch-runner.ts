import type { FastifyBaseLogger } from 'fastify'
import { GatewayError, isGatewayError, unauthorized } from '../../../shared/errors'
import type { Clock, IdGenerator } from '../../kernel/runtime'
import { retryStorageFaults, storageFault } from '../../kernel/storage-fault'
import { openAiErrorBody } from '../../../shared/error-bodies'
import type { ClaimedLine } from '../../store/repos/batch-lines-repo'
import type { BatchRow } from '../../store/repos/batches-repo'
import type { Store } from '../../store/store'
import type { Principal } from '../auth/principal'
import type { FileService } from '../files/file-service'
import { createBatchFileWriter } from './batch-files'
import { finalizeBatch, validateBatch, type BatchJobDeps } from './batch-jobs'
import { lineOutcome } from './batch-result-lines'
import type { RunChatCompletion } from './run-chat'

export interface BatchRunnerDeps {
  store: Store
  files: FileService
  clock: Clock
  ids: IdGenerator
  runChat: RunChatCompletion
  /** Lines in flight at once, across all batches. */
  concurrency: number
  log: FastifyBaseLogger
  /**
   * Several gateways share the store: a batch runs on the instance holding its lease (batch_leases),
   * renewed every LEASE_RENEW_MS while it runs and taken over by another once it lapses.
   */
  lease?: { instanceId: string; ttlMs?: number }
}

const TICK_MS = 60_000
const RETRY_JOB_AFTER_MS = 30_000
const RETRY_PUMP_AFTER_MS = 1000
/** How often a shared store's runner renews its leases and looks for batches to take over. */
export const LEASE_RENEW_MS = 1000
/** A lease not renewed for this long is free: its holder is gone (or stalled past it). */
export const LEASE_TTL_MS = 5000

/**
 * Moves batches through their states. All progress lives in the store (each line's state and result),
 * so `start` after a restart simply continues: lines that were in flight run again, a half-done
 * validation or finalization starts over. The oldest batch's lines go first, `concurrency` at a time.
 */
export function createBatchRunner(deps: BatchRunnerDeps) {
  const { store, clock, ids, log } = deps
  const inFlight = new Map<string, Map<number, AbortController>>()
  const lineTasks = new Set<Promise<void>>()
  const jobs = new Map<string, Promise<void>>()
  const resting = new Set<string>()
  /** When this instance last took or renewed each batch's lease (a shared store). */
  const renewedAt = new Map<string, number>()
  let running = 0
  let stopped = true
  let scheduled = false
  let tick: NodeJS.Timeout | undefined
  const jobDeps: BatchJobDeps = { store, files: deps.files, writer: createBatchFileWriter(store, deps.files), clock, ids, stopping: () => stopped }

  const seconds = () => Math.floor(clock.now() / 1000)
  const flying = (batchId: string) => inFlight.get(batchId)?.size ?? 0

  function kick(): void {
    if (stopped || scheduled) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      if (stopped) return // stopped since: the store may be closed already
      try {
        pump()
      } catch (err) {
        log.error({ err }, 'batch runner failed')
        // A full disk or a locked database passes: look again soon rather than at the next tick.
        if (storageFault(err)) setTimeout(kick, RETRY_PUMP_AFTER_MS).unref()
      }
    })
  }

  function startJob(batch: BatchRow, job: (b: BatchRow) => Promise<void>): void {
    if (jobs.has(batch.id) || resting.has(batch.id)) return
    const task = job(batch)
      .catch((err: unknown) => {
        log.error({ err, batch: batch.id }, 'batch job failed; trying again shortly')
        resting.add(batch.id)
        setTimeout(() => (resting.delete(batch.id), kick()), RETRY_JOB_AFTER_MS).unref()
      })
      .finally(() => {
        jobs.delete(batch.id)
        kick()
      })
    jobs.set(batch.id, task)
  }

  function abortLines(batchId: string): void {
    for (const controller of inFlight.get(batchId)?.values() ?? []) controller.abort()
  }

  /** Ends a batch once nothing of it is in flight any more. */
  function endWhenQuiet(batch: BatchRow, end: 'cancelled' | 'expired'): void {
    abortLines(batch.id)
    if (flying(batch.id) === 0) startJob(batch, (b) => finalizeBatch(jobDeps, b, end))
  }

  /**
   * Whether this instance runs the batch now (always, alone on its store). Taking a lease another
   * instance let lapse puts the lines it left running back to pending, in the same transaction; a
   * lease lost while lines run here aborts them (they stay pending for the holder).
   */
  function holdsLease(batch: BatchRow): boolean {
    const lease = deps.lease
    if (!lease) return true
    const at = clock.now()
    if (at - (renewedAt.get(batch.id) ?? -Infinity) < LEASE_RENEW_MS / 2) return true
    const taken = store.transaction(() => {
      const got = store.batchLeases.take(batch.id, lease.instanceId, at, lease.ttlMs ?? LEASE_TTL_MS)
      if (got === 'taken') store.batchLines.releaseAll(batch.id)
      return got
    })
    if (taken === null) {
      renewedAt.delete(batch.id)
      abortLines(batch.id)
    } else renewedAt.set(batch.id, at)
    return taken !== null
  }

  /** In the transaction that writes a line's result: false when the lease passed to another instance (it runs the line again). */
  const stillHeld = (batchId: string) => !deps.lease || store.batchLeases.confirm(batchId, deps.lease.instanceId, clock.now())

  function pump(): void {
    for (const batch of store.batches.active()) {
      if (!holdsLease(batch) || jobs.has(batch.id)) continue
      const open = batch.status === 'validating' || batch.status === 'in_progress'
      if (open && seconds() >= batch.expiresAt) endWhenQuiet(batch, 'expired')
      else if (batch.status === 'validating') startJob(batch, (b) => validateBatch(jobDeps, b))
      else if (batch.status === 'cancelling') endWhenQuiet(batch, 'cancelled')
      else if (batch.status === 'finalizing') startJob(batch, (b) => finalizeBatch(jobDeps, b, 'completed'))
      else if (fill(batch) && flying(batch.id) === 0) startJob(batch, (b) => finalizeBatch(jobDeps, b, 'completed'))
    }
  }

  /** Claims lines while slots are free; true when the batch has no pending line left. */
  function fill(batch: BatchRow): boolean {
    while (running < deps.concurrency) {
      const line = store.batchLines.claimNext(batch.id)
      if (!line) return true
      launch(batch, line)
    }
    return false
  }

  function launch(batch: BatchRow, line: ClaimedLine): void {
    const controller = new AbortController()
    if (!inFlight.has(batch.id)) inFlight.set(batch.id, new Map())
    inFlight.get(batch.id)!.set(line.line, controller)
    running++
    const task = runLine(batch, line, controller.signal)
      .catch((err: unknown) => log.error({ err, batch: batch.id, line: line.line }, 'batch line failed to settle'))
      .finally(() => {
        running--
        inFlight.get(batch.id)?.delete(line.line)
        if (flying(batch.id) === 0) inFlight.delete(batch.id)
        lineTasks.delete(task)
        kick()
      })
    lineTasks.add(task)
  }

  /** The batch runs with the rights of the key (or OAuth client) that created it; a revoked one stops its remaining lines. */
  function principalFor(batch: BatchRow): Principal {
    const owner = store.keys.get(batch.keyId) ?? store.oauth.getClient(batch.keyId)
    const team = store.teams.get(batch.teamId)
    if (!owner || !team) throw unauthorized('The key or team that created this batch no longer exists.', 'invalid_api_key')
    if (owner.revokedAt !== null) throw unauthorized('The API key that created this batch was revoked, so its remaining requests were not sent.', 'revoked_api_key')
    return { keyId: owner.id, kind: owner.kind, userId: owner.userId, team, deprecation: null, scopes: null }
  }

  async function answer(batch: BatchRow, line: ClaimedLine, requestId: string, signal: AbortSignal): Promise<{ status: number; body: unknown }> {
    try {
      const opts = line.fallbacks === null ? {} : { fallbacks: line.fallbacks }
      return await deps.runChat({ principal: principalFor(batch), requestId, signal }, JSON.parse(line.body), opts)
    } catch (err) {
      if (isGatewayError(err)) return { status: err.status, body: openAiErrorBody(err) }
      if (!signal.aborted) log.error({ err, batch: batch.id, line: line.line }, 'batch line threw')
      const internal = new GatewayError({ status: 500, type: 'api_error', code: 'internal_error', message: 'The gateway met an internal error on this request.' })
      return { status: 500, body: openAiErrorBody(internal) }
    }
  }

  async function runLine(batch: BatchRow, line: ClaimedLine, signal: AbortSignal): Promise<void> {
    const requestId = ids.requestId()
    const result = await answer(batch, line, requestId, signal)
    // cut short by cancel, expiry or shutdown: not a result; the line stays pending (and runs after a restart)
    if ((signal.aborted || stopped) && result.status !== 200) {
      store.transaction(() => stillHeld(batch.id) && store.batchLines.release(batch.id, line.line))
      return
    }
    const outcome = lineOutcome({ id: `batch_req_${ids.token(12)}`, customId: line.customId, requestId, line: line.line }, result)
    // The line was answered (and charged): a full disk or a locked database delays its result, never drops it.
    await retryStorageFaults(
      () =>
        store.transaction(() => {
          if (stillHeld(batch.id) && store.batchLines.settle(batch.id, line.line, outcome.state, outcome.text)) {
            store.batches.countLine(batch.id, outcome.state === 'succeeded' ? 'completed' : 'failed', outcome.usage)
          }
        }),
      () => stopped,
    )
  }

  return {
    kick,

    start(): void {
      stopped = false
      // Alone on the store, nothing else runs its lines; shared, a lease taken over releases them.
      if (!deps.lease) for (const batch of store.batches.active()) store.batchLines.releaseAll(batch.id)
      tick = setInterval(kick, deps.lease ? LEASE_RENEW_MS : TICK_MS)
      tick.unref()
      kick()
    },

    /** Cancels a batch's lines in flight; the batch is already `cancelling` in the store. */
    cancel(batchId: string): void {
      abortLines(batchId)
      kick()
    },

    /** Aborts what is in flight (those lines stay pending) and waits for every write to finish. */
    async stop(): Promise<void> {
      stopped = true
      clearInterval(tick)
      for (const batchId of inFlight.keys()) abortLines(batchId)
      await Promise.allSettled([...lineTasks, ...jobs.values()])
    },
  }
}

export type BatchRunner = ReturnType<typeof createBatchRunner>
