import type { Db } from '../database'
import { readJson, writeJson } from './json-column'

export type BatchStatus = 'validating' | 'failed' | 'in_progress' | 'finalizing' | 'completed' | 'expired' | 'cancelling' | 'cancelled'
export type BatchEnd = 'completed' | 'cancelled' | 'expired'

export interface BatchLineError {
  code: string
  message: string
  param: string | null
  line: number | null
}

export interface BatchUsageTotals {
  inputTokens: number
  cachedTokens: number
  outputTokens: number
  reasoningTokens: number
}

/** Times are Unix seconds. */
export interface BatchRow {
  id: string
  teamId: string
  keyId: string
  endpoint: string
  inputFileId: string
  completionWindow: string
  status: BatchStatus
  outputFileId: string | null
  errorFileId: string | null
  errors: BatchLineError[] | null
  metadata: Record<string, string> | null
  outputExpiresAfter: number | null
  counts: { total: number; completed: number; failed: number }
  usage: BatchUsageTotals
  createdAt: number
  expiresAt: number
  inProgressAt: number | null
  finalizingAt: number | null
  completedAt: number | null
  failedAt: number | null
  expiredAt: number | null
  cancellingAt: number | null
  cancelledAt: number | null
}

interface Raw {
  id: string
  team_id: string
  key_id: string
  endpoint: string
  input_file_id: string
  completion_window: string
  status: BatchStatus
  output_file_id: string | null
  error_file_id: string | null
  errors: string | null
  metadata: string | null
  output_expires_after: number | null
  total: number
  completed: number
  failed: number
  input_tokens: number
  cached_tokens: number
  output_tokens: number
  reasoning_tokens: number
  created_at: number
  expires_at: number
  in_progress_at: number | null
  finalizing_at: number | null
  completed_at: number | null
  failed_at: number | null
  expired_at: number | null
  cancelling_at: number | null
  cancelled_at: number | null
}

const toRow = (r: Raw): BatchRow => ({
  id: r.id,
  teamId: r.team_id,
  keyId: r.key_id,
  endpoint: r.endpoint,
  inputFileId: r.input_file_id,
  completionWindow: r.completion_window,
  status: r.status,
  outputFileId: r.output_file_id,
  errorFileId: r.error_file_id,
  errors: readJson(r.errors, null),
  metadata: readJson(r.metadata, null),
  outputExpiresAfter: r.output_expires_after,
  counts: { total: r.total, completed: r.completed, failed: r.failed },
  usage: { inputTokens: r.input_tokens, cachedTokens: r.cached_tokens, outputTokens: r.output_tokens, reasoningTokens: r.reasoning_tokens },
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  inProgressAt: r.in_progress_at,
  finalizingAt: r.finalizing_at,
  completedAt: r.completed_at,
  failedAt: r.failed_at,
  expiredAt: r.expired_at,
  cancellingAt: r.cancelling_at,
  cancelledAt: r.cancelled_at,
})

export type NewBatch = Pick<
  BatchRow,
  'id' | 'teamId' | 'keyId' | 'endpoint' | 'inputFileId' | 'completionWindow' | 'metadata' | 'outputExpiresAfter' | 'createdAt' | 'expiresAt'
>

/** Which column records the moment a batch reached each end state. */
const END_COLUMN: Record<BatchEnd, string> = { completed: 'completed_at', cancelled: 'cancelled_at', expired: 'expired_at' }

export type BatchesRepo = ReturnType<typeof createBatchesRepo>

export function createBatchesRepo(db: Db) {
  const insertStmt = db.prepare(`
    INSERT INTO batches (id, team_id, key_id, endpoint, input_file_id, completion_window, status, metadata,
      output_expires_after, created_at, expires_at)
    VALUES (@id, @teamId, @keyId, @endpoint, @inputFileId, @completionWindow, 'validating', @metadata,
      @outputExpiresAfter, @createdAt, @expiresAt)`)
  const getStmt = db.prepare('SELECT * FROM batches WHERE id = ?')
  const getForTeamStmt = db.prepare('SELECT * FROM batches WHERE id = @id AND team_id = @teamId')
  const activeStmt = db.prepare(
    "SELECT * FROM batches WHERE status IN ('validating', 'in_progress', 'finalizing', 'cancelling') ORDER BY created_at, id",
  )
  const pageStmt = db.prepare('SELECT * FROM batches WHERE team_id = @teamId ORDER BY created_at DESC, id DESC LIMIT @limit')
  const pageAfterStmt = db.prepare(`
    SELECT * FROM batches WHERE team_id = @teamId AND (created_at, id) < (@afterCreatedAt, @afterId)
    ORDER BY created_at DESC, id DESC LIMIT @limit`)
  const startStmt = db.prepare(
    "UPDATE batches SET status = 'in_progress', in_progress_at = @now, total = @total WHERE id = @id AND status = 'validating'",
  )
  const failStmt = db.prepare(`
    UPDATE batches SET status = 'failed', failed_at = @now, errors = @errors, error_file_id = @errorFileId
    WHERE id = @id AND status = 'validating'`)
  const cancelStmt = db.prepare(`
    UPDATE batches SET status = 'cancelling', cancelling_at = @now
    WHERE id = @id AND team_id = @teamId AND status IN ('validating', 'in_progress')`)
  const finalizingStmt = db.prepare(
    "UPDATE batches SET status = 'finalizing', finalizing_at = @now WHERE id = @id AND status = 'in_progress'",
  )
  const endStmts = Object.fromEntries(
    Object.entries(END_COLUMN).map(([status, column]) => [
      status,
      db.prepare(`
        UPDATE batches SET status = '${status}', ${column} = @now, output_file_id = @outputFileId, error_file_id = @errorFileId
        WHERE id = @id AND status IN ('validating', 'in_progress', 'finalizing', 'cancelling')`),
    ]),
  ) as Record<BatchEnd, ReturnType<Db['prepare']>>
  const countLineStmt = db.prepare(`
    UPDATE batches SET completed = completed + @completed, failed = failed + @failed,
      input_tokens = input_tokens + @inputTokens, cached_tokens = cached_tokens + @cachedTokens,
      output_tokens = output_tokens + @outputTokens, reasoning_tokens = reasoning_tokens + @reasoningTokens
    WHERE id = @id`)

  return {
    insert(b: NewBatch): void {
      insertStmt.run({ ...b, metadata: b.metadata === null ? null : writeJson(b.metadata) })
    },
    get(id: string): BatchRow | undefined {
      const r = getStmt.get(id) as Raw | undefined
      return r && toRow(r)
    },
    getForTeam(id: string, teamId: string): BatchRow | undefined {
      const r = getForTeamStmt.get({ id, teamId }) as Raw | undefined
      return r && toRow(r)
    },
    /** Batches with work left, oldest first. */
    active(): BatchRow[] {
      return (activeStmt.all() as Raw[]).map(toRow)
    },
    /** Newest first, as OpenAI lists batches. */
    page(teamId: string, after: { createdAt: number; id: string } | null, limit: number): BatchRow[] {
      const rows = after ? pageAfterStmt.all({ teamId, afterCreatedAt: after.createdAt, afterId: after.id, limit }) : pageStmt.all({ teamId, limit })
      return (rows as Raw[]).map(toRow)
    },
    /** The transitions below apply only from the states they name and say whether they did. */
    start(id: string, total: number, now: number): boolean {
      return startStmt.run({ id, total, now }).changes > 0
    },
    fail(id: string, errors: BatchLineError[], errorFileId: string | null, now: number): boolean {
      return failStmt.run({ id, errors: writeJson(errors), errorFileId, now }).changes > 0
    },
    cancel(id: string, teamId: string, now: number): boolean {
      return cancelStmt.run({ id, teamId, now }).changes > 0
    },
    markFinalizing(id: string, now: number): boolean {
      return finalizingStmt.run({ id, now }).changes > 0
    },
    end(id: string, status: BatchEnd, files: { outputFileId: string | null; errorFileId: string | null }, now: number): boolean {
      return endStmts[status].run({ id, now, ...files }).changes > 0
    },
    /** Adds one settled line to the counts and usage. */
    countLine(id: string, outcome: 'completed' | 'failed', usage: BatchUsageTotals): void {
      countLineStmt.run({ id, completed: outcome === 'completed' ? 1 : 0, failed: outcome === 'failed' ? 1 : 0, ...usage })
    },
  }
}
