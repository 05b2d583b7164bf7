import type { Db } from '../database'

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

/**
 * A response to keep, as JSON already: the response (the bytes the client was sent, serialized once)
 * and its input items. Only strings wait for the group commit, not the objects they came from, which
 * can then be collected young.
 */
export type NewStoredResponse = Omit<StoredResponse, 'response' | 'inputItems'> & { responseJson: string; inputItemsJson: string }

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
  const getStmt = db.prepare('SELECT * FROM responses WHERE id = @id AND team_id = @teamId AND expires_at > @now')
  const deleteStmt = db.prepare('DELETE FROM responses WHERE id = @id AND team_id = @teamId AND expires_at > @now')
  const sweepStmt = db.prepare('DELETE FROM responses WHERE id IN (SELECT id FROM responses WHERE expires_at <= @now LIMIT @limit)')
  const insertAll = db.transaction((rows: readonly NewStoredResponse[]) => {
    for (const r of rows) insertStmt.run({ id: r.id, teamId: r.teamId, previousResponseId: r.previousResponseId, createdAt: r.createdAt, expiresAt: r.expiresAt, response: r.responseJson, inputItems: r.inputItemsJson })
  })

  return {
    /** Keeps responses with their input items, in one transaction. */
    insert(rows: readonly NewStoredResponse[]): void {
      insertAll(rows)
    },
    /** A live response of the team: unknown, deleted, expired and other teams' ids all read as undefined. */
    get(id: string, teamId: string, now: number): StoredResponse | undefined {
      const r = getStmt.get({ id, teamId, now }) as Raw | undefined
      return r && toRow(r)
    },
    delete(id: string, teamId: string, now: number): boolean {
      return deleteStmt.run({ id, teamId, now }).changes > 0
    },
    /** Removes up to `limit` expired responses; returns how many. */
    sweepExpired(now: number, limit = 1000): number {
      return sweepStmt.run({ now, limit }).changes
    },
  }
}
