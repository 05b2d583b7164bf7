import type { Db } from '../database'

export type LineState = 'pending' | 'running' | 'succeeded' | 'failed'

export interface NewBatchLine {
  /** 1-based line number in the input file. */
  line: number
  customId: string
  /** The request body as JSON text. */
  body: string
  /** From the line's `url` (`?fallbacks=`); null follows the team's setting. */
  fallbacks: boolean | null
}

export interface ClaimedLine {
  line: number
  customId: string
  body: string
  fallbacks: boolean | null
}

interface RawClaimed {
  line: number
  custom_id: string
  body: string
  fallbacks: number | null
}

export type BatchLinesRepo = ReturnType<typeof createBatchLinesRepo>

/** One row per input line of a batch: what to send, its state, and once settled its output line. */
export function createBatchLinesRepo(db: Db) {
  const insertStmt = db.prepare(`
    INSERT INTO batch_lines (batch_id, line, custom_id, body, fallbacks)
    VALUES (@batchId, @line, @customId, @body, @fallbacks)`)
  const deleteAllStmt = db.prepare('DELETE FROM batch_lines WHERE batch_id = ?')
  const claimStmt = db.prepare(`
    UPDATE batch_lines SET state = 'running'
    WHERE batch_id = @batchId AND line = (
      SELECT line FROM batch_lines WHERE batch_id = @batchId AND state = 'pending' ORDER BY line LIMIT 1)
    RETURNING line, custom_id, body, fallbacks`)
  const settleStmt = db.prepare(`
    UPDATE batch_lines SET state = @state, result = @result, body = ''
    WHERE batch_id = @batchId AND line = @line AND state = 'running'`)
  const releaseStmt = db.prepare("UPDATE batch_lines SET state = 'pending' WHERE batch_id = @batchId AND line = @line AND state = 'running'")
  const releaseAllStmt = db.prepare("UPDATE batch_lines SET state = 'pending' WHERE batch_id = ? AND state = 'running'")
  const countOpenStmt = db.prepare("SELECT count(*) FROM batch_lines WHERE batch_id = ? AND state IN ('pending', 'running')").pluck()
  const resultsStmt = db.prepare(`
    SELECT line, result FROM batch_lines WHERE batch_id = @batchId AND state = @state AND line > @afterLine
    ORDER BY line LIMIT @limit`)
  const pendingStmt = db.prepare(`
    SELECT line, custom_id FROM batch_lines WHERE batch_id = @batchId AND state = 'pending' AND line > @afterLine
    ORDER BY line LIMIT @limit`)

  const insertMany = db.transaction((batchId: string, lines: NewBatchLine[]) => {
    for (const l of lines) insertStmt.run({ batchId, ...l, fallbacks: l.fallbacks === null ? null : Number(l.fallbacks) })
  })

  return {
    insertMany(batchId: string, lines: NewBatchLine[]): void {
      insertMany(batchId, lines)
    },
    deleteAll(batchId: string): void {
      deleteAllStmt.run(batchId)
    },
    /** Marks the first pending line running and returns it; undefined when none is left. */
    claimNext(batchId: string): ClaimedLine | undefined {
      const r = claimStmt.get({ batchId }) as RawClaimed | undefined
      return r && { line: r.line, customId: r.custom_id, body: r.body, fallbacks: r.fallbacks === null ? null : r.fallbacks === 1 }
    },
    /** Stores a running line's output line; its request body is no longer needed. */
    settle(batchId: string, line: number, state: 'succeeded' | 'failed', result: string): boolean {
      return settleStmt.run({ batchId, line, state, result }).changes > 0
    },
    /** Puts a running line back to pending (aborted before it finished). */
    release(batchId: string, line: number): void {
      releaseStmt.run({ batchId, line })
    },
    /** After a restart nothing is running: lines that were in flight run again. */
    releaseAll(batchId: string): number {
      return releaseAllStmt.run(batchId).changes
    },
    countOpen(batchId: string): number {
      return countOpenStmt.get(batchId) as number
    },
    results(batchId: string, state: 'succeeded' | 'failed', afterLine: number, limit: number): { line: number; result: string }[] {
      return resultsStmt.all({ batchId, state, afterLine, limit }) as { line: number; result: string }[]
    },
    pending(batchId: string, afterLine: number, limit: number): { line: number; customId: string }[] {
      return (pendingStmt.all({ batchId, afterLine, limit }) as { line: number; custom_id: string }[]).map((r) => ({ line: r.line, customId: r.custom_id }))
    },
  }
}
