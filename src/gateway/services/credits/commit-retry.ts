import type { FastifyBaseLogger } from 'fastify'
import { GatewayError } from '../../../shared/errors'
import { groupedNumber } from '../../kernel/grouped-number'
import { STORAGE_FAULT_CAUSE, storageFault } from '../../kernel/storage-fault'

export interface CommitRetryOptions {
  /** The first retry's delay; each failure after it doubles it, up to `maxDelayMs`. */
  firstDelayMs?: number
  maxDelayMs?: number
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>
}

/** Why a commit failed, in words: the storage fault's cause, or SQLite's own message for anything else. */
function causeOf(err: unknown): string {
  const fault = storageFault(err)
  if (fault) return STORAGE_FAULT_CAUSE[fault]
  const { code, message } = err as { code?: unknown; message?: unknown }
  return `the database refused the write (${typeof code === 'string' ? code : 'error'}: ${String(message ?? err)})`
}

/**
 * The back-off of the usage log's group commit. A commit that fails (a full disk, a database another
 * process holds locked) is tried again after 50 ms, then 100, 200, ... up to `maxDelayMs`, for as long
 * as it takes; while it fails, `problem()` names the cause for `/health`. It never throws: the
 * failure is logged once when it starts and once when it ends (code and message only, never a row).
 */
export function createCommitRetry({ firstDelayMs = 50, maxDelayMs = 2000, log }: CommitRetryOptions = {}) {
  let failures = 0
  let cause: string | null = null
  let timer: NodeJS.Timeout | undefined
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
  }

  return {
    /** A retry is armed: until it runs, more commits would only fail again. */
    waiting: () => timer !== undefined,

    /** Records a failed commit and arms `retry` after the back-off. */
    failed(err: unknown, unwrittenRows: number, retry: () => void): void {
      const first = cause === null
      cause = causeOf(err)
      if (first) log?.error({ code: (err as { code?: unknown }).code, unwrittenRows }, `the usage log cannot be written: ${cause}; retrying until it can`)
      const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** failures)
      failures++
      cancel()
      timer = setTimeout(() => {
        timer = undefined
        retry()
      }, delay)
      timer.unref()
    },

    succeeded(): void {
      if (cause !== null) log?.warn({ failedCommits: failures }, 'the usage log is written again')
      failures = 0
      cause = null
      cancel()
    },

    /** Drops the armed retry (a commit is being tried now anyway, or the ledger closes). */
    cancel,

    /** What `/health` reports while commits fail; null once one succeeds. */
    problem: (unwrittenRows: number): string | null =>
      cause === null ? null : `usage_log_unwritable: ${cause}; ${unwrittenRows} answered request${unwrittenRows === 1 ? '' : 's'} wait to be recorded`,

    /** The 503 for a paid request once too many answered requests wait to be recorded. */
    refusal(limit: number): GatewayError {
      return new GatewayError({
        status: 503,
        type: 'api_error',
        code: 'usage_log_unwritable',
        message: `The usage log cannot be written (${cause ?? 'its writes keep failing'}), and ${groupedNumber(limit)} answered requests already wait to be recorded, so this gateway takes no paid requests until they are. Free disk space or end what holds the database; requests resume by themselves.`,
        headers: { 'retry-after': String(Math.ceil(maxDelayMs / 1000)) },
      })
    },
  }
}

export type CommitRetry = ReturnType<typeof createCommitRetry>
