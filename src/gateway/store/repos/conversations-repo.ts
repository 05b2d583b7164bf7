import type { Db } from '../database'
import { readJson, writeJson } from './json-column'
import { containsPattern } from '../sql-dialect'

/** A saved playground conversation. `data` is the renderer's document: system prompt, messages, parameters, tools. */
export interface ConversationRow {
  id: string
  title: string
  model: string | null
  data: Record<string, unknown>
  messageCount: number
  createdAt: number
  updatedAt: number
}

export type ConversationSummary = Omit<ConversationRow, 'data'>

export interface ConversationInput {
  id: string
  title: string
  model: string | null
  data: Record<string, unknown>
  /** Lower-cased title and message text, for search. */
  searchText: string
  messageCount: number
}

interface Raw {
  id: string
  title: string
  model: string | null
  data: string
  message_count: number
  created_at: number
  updated_at: number
}

const toSummary = (r: Omit<Raw, 'data'>): ConversationSummary => ({
  id: r.id,
  title: r.title,
  model: r.model,
  messageCount: r.message_count,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

export type ConversationsRepo = ReturnType<typeof createConversationsRepo>

export function createConversationsRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO conversations (id, title, model, data, search_text, message_count, created_at, updated_at)
    VALUES (@id, @title, @model, @data, @searchText, @messageCount, @now, @now)
    ON CONFLICT(id) DO UPDATE SET title = @title, model = @model, data = @data, search_text = @searchText,
      message_count = @messageCount, updated_at = @now`)
  const getStmt = db.prepare('SELECT * FROM conversations WHERE id = ?')
  const listStmt = db.prepare(`
    SELECT id, title, model, message_count, created_at, updated_at FROM conversations
    WHERE @query = '' OR search_text LIKE @pattern ESCAPE '\\'
    ORDER BY updated_at DESC, id LIMIT @limit OFFSET @offset`)
  const deleteStmt = db.prepare('DELETE FROM conversations WHERE id = ?')

  return {
    upsert(c: ConversationInput, now: number): ConversationRow {
      upsertStmt.run({ ...c, data: writeJson(c.data), now })
      return this.get(c.id)!
    },
    get(id: string): ConversationRow | undefined {
      const r = getStmt.get(id) as Raw | undefined
      return r && { ...toSummary(r), data: readJson(r.data, {}) }
    },
    /** Newest first; `query` matches title and message text, case-insensitively. */
    list(opts: { query?: string; limit: number; offset?: number }): ConversationSummary[] {
      const query = (opts.query ?? '').toLowerCase()
      const rows = listStmt.all({ query, pattern: containsPattern(query), limit: opts.limit, offset: opts.offset ?? 0 }) as Raw[]
      return rows.map(toSummary)
    },
    delete(id: string): boolean {
      return deleteStmt.run(id).changes > 0
    },
  }
}
