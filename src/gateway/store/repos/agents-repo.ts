import type { Db } from '../database'
import { readJson, writeJson } from './json-column'
import { tableCache } from './row-cache'

/** A saved preset: a model plus system prompt, parameters and tools, callable by its UUID as `model`. */
export interface AgentRow {
  id: string
  name: string
  model: string
  systemPrompt: string | null
  params: Record<string, unknown>
  tools: unknown[]
  createdAt: number
  updatedAt: number
}

interface Raw {
  id: string
  name: string
  model: string
  system_prompt: string | null
  params: string
  tools: string
  created_at: number
  updated_at: number
}

const toRow = (r: Raw): AgentRow => ({
  id: r.id,
  name: r.name,
  model: r.model,
  systemPrompt: r.system_prompt,
  params: readJson(r.params, {}),
  tools: readJson(r.tools, []),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

export type AgentsRepo = ReturnType<typeof createAgentsRepo>

export function createAgentsRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO agents (id, name, model, system_prompt, params, tools, created_at, updated_at)
    VALUES (@id, @name, @model, @systemPrompt, @params, @tools, @now, @now)
    ON CONFLICT(id) DO UPDATE SET name = @name, model = @model, system_prompt = @systemPrompt,
      params = @params, tools = @tools, updated_at = @now`)
  const listStmt = db.prepare('SELECT * FROM agents ORDER BY name, id')
  const deleteStmt = db.prepare('DELETE FROM agents WHERE id = ?')
  const cache = tableCache(db, 'agents', () => (listStmt.all() as Raw[]).map(toRow))

  return {
    upsert(a: Omit<AgentRow, 'createdAt' | 'updatedAt'>, now: number): AgentRow {
      upsertStmt.run({ ...a, params: writeJson(a.params), tools: writeJson(a.tools), now })
      cache.clear()
      return this.get(a.id)!
    },
    get(id: string): AgentRow | undefined {
      return cache.all().find((a) => a.id === id)
    },
    /** Rows are shared and frozen: copy one to change it. */
    list(): readonly AgentRow[] {
      return cache.all()
    },
    delete(id: string): boolean {
      cache.clear()
      return deleteStmt.run(id).changes > 0
    },
  }
}
