import type { Db } from '../database'
import { readJson, writeJson } from './json-column'
import { onConflictReplace } from '../sql-dialect'
import { newestFirstQuery } from './newest-first-query'

/** Chat completions kept because the request said `store: true`. */
export interface StoredCompletion {
  id: string
  usageId: string
  createdAt: number
  teamId: string
  modelName: string
  request: unknown
  response: unknown
  metadata: Record<string, string>
}

interface Raw {
  id: string
  usage_id: string
  created_at: number
  team_id: string
  model_name: string
  request: string
  response: string
  metadata: string
}

const toRow = (r: Raw): StoredCompletion => ({
  id: r.id,
  usageId: r.usage_id,
  createdAt: r.created_at,
  teamId: r.team_id,
  modelName: r.model_name,
  request: JSON.parse(r.request),
  response: JSON.parse(r.response),
  metadata: readJson(r.metadata, {}),
})

export type CompletionsRepo = ReturnType<typeof createCompletionsRepo>

const COLUMNS = ['id', 'usage_id', 'created_at', 'team_id', 'model_name', 'request', 'response', 'metadata']

export function createCompletionsRepo(db: Db) {
  const insertStmt = db.prepare(`
    INSERT INTO stored_completions (${COLUMNS.join(', ')})
    VALUES (@id, @usageId, @createdAt, @teamId, @modelName, @request, @response, @metadata)
    ${onConflictReplace(['id'], COLUMNS)}`)
  const getStmt = db.prepare('SELECT * FROM stored_completions WHERE id = ?')

  return {
    insert(c: StoredCompletion): void {
      insertStmt.run({ ...c, request: writeJson(c.request), response: writeJson(c.response), metadata: writeJson(c.metadata) })
    },
    get(id: string): StoredCompletion | undefined {
      const r = getStmt.get(id) as Raw | undefined
      return r && toRow(r)
    },
    list(filter: { teamId?: string; model?: string; metadata?: Record<string, string>; limit: number }): StoredCompletion[] {
      const q = newestFirstQuery(db, 'stored_completions', filter.limit)
        .where('team_id = @teamId', 'teamId', filter.teamId)
        .where('model_name = @model', 'model', filter.model)
        .metadata(filter.metadata)
      return (db.prepare(q.sql()).all(q.params) as Raw[]).map(toRow)
    },
  }
}
