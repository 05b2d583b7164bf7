import type { Db } from '../database'
import { onConflictReplace } from '../sql-dialect'

/** A kept response: the response object and this request's input items, as JSON the service owns. */
export interface StoredResponse {
  id: string
  teamId: string
  previousResponseId: string | null
  /** Unix seconds. */
  createdAt: number
  /** Unix seconds. */
  expiresAt: number
  response: unknown
  inputItems: unknown[]
}

interface Raw {
  id: string
  team_id: string
  previous_response_id: string | null
  created_at: number
  expires_at: number
  response: string
  input_items: string
}

const toRow = (r: Raw): StoredResponse => ({
  id: r.id,
  teamId: r.team_id,
  previousResponseId: r.previous_response_id,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  response: JSON.parse(r.response),
  inputItems: JSON.parse(r.input_items),
})

export type ResponsesRepo = ReturnType<typeof createResponsesRepo>

export function createResponsesRepo(db: Db) {
  const insertStmt = db.prepare(`
    INSERT INTO responses (id, team_id, previous_response_id, created_at, expires_at, response, input_items)
    VALUES (@id, @teamId, @previousResponseId, @createdAt, @expiresAt, @response, @inputItems)`)
  const itemStmt = db.prepare(`
    INSERT INTO response_items (team_id, id, response_id, item) VALUES (@teamId, @id, @responseId, @item)
    ${onConflictReplace(['team_id', 'id'], ['response_id', 'item'])}`)
  const getStmt = db.prepare('SELECT * FROM responses WHERE id = @id AND team_id = @teamId AND expires_at > @now')
  const getItemStmt = db.prepare(`
    SELECT i.item FROM response_items i JOIN responses r ON r.id = i.response_id
    WHERE i.team_id = @teamId AND i.id = @id AND r.expires_at > @now`).pluck()
  const deleteStmt = db.prepare('DELETE FROM responses WHERE id = @id AND team_id = @teamId AND expires_at > @now')
  const sweepStmt = db.prepare('DELETE FROM responses WHERE id IN (SELECT id FROM responses WHERE expires_at <= @now LIMIT @limit)')
  const insertAll = db.transaction((batch: ReadonlyArray<{ row: StoredResponse; items: Array<{ id: string }> }>) => {
    for (const { row, items } of batch) {
      insertStmt.run({ ...row, response: JSON.stringify(row.response), inputItems: JSON.stringify(row.inputItems) })
      for (const item of items) itemStmt.run({ teamId: row.teamId, id: item.id, responseId: row.id, item: JSON.stringify(item) })
    }
  })

  return {
    /** Keeps responses with their input items, in one transaction, and makes the given items (the output ones) referable by id. */
    insert(batch: ReadonlyArray<{ row: StoredResponse; items: Array<{ id: string }> }>): void {
      insertAll(batch)
    },
    /** A live response of the team: unknown, deleted, expired and other teams' ids all read as undefined. */
    get(id: string, teamId: string, now: number): StoredResponse | undefined {
      const r = getStmt.get({ id, teamId, now }) as Raw | undefined
      return r && toRow(r)
    },
    getItem(id: string, teamId: string, now: number): unknown {
      const item = getItemStmt.get({ id, teamId, now }) as string | undefined
      return item === undefined ? undefined : JSON.parse(item)
    },
    delete(id: string, teamId: string, now: number): boolean {
      return deleteStmt.run({ id, teamId, now }).changes > 0
    },
    /** Removes up to `limit` expired responses (their items go with them); returns how many. */
    sweepExpired(now: number, limit = 1000): number {
      return sweepStmt.run({ now, limit }).changes
    },
  }
}
