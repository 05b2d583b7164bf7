import type { Db } from '../database'
import { readJson, writeJson } from './json-column'
import { tableCache } from './row-cache'
import type { RowSource } from './providers-repo'

export interface TeamRow {
  id: string
  name: string
  /** Enabled model names; null means every model. */
  models: string[] | null
  /** Ordered fallback model names per model name. */
  fallbacks: Record<string, string[]>
  /** Whether fallbacks apply when a request does not say (`?fallbacks=`). */
  useFallbacks: boolean
  source: RowSource
  createdAt: number
  updatedAt: number
}

interface Raw {
  id: string
  name: string
  models: string | null
  fallbacks: string
  use_fallbacks: number
  source: RowSource
  created_at: number
  updated_at: number
}

const toRow = (r: Raw): TeamRow => ({
  id: r.id,
  name: r.name,
  models: readJson(r.models, null),
  fallbacks: readJson(r.fallbacks, {}),
  useFallbacks: r.use_fallbacks === 1,
  source: r.source,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

export type TeamInput = Omit<TeamRow, 'createdAt' | 'updatedAt'>
export type TeamsRepo = ReturnType<typeof createTeamsRepo>

export function createTeamsRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO teams (id, name, models, fallbacks, use_fallbacks, source, created_at, updated_at)
    VALUES (@id, @name, @models, @fallbacks, @useFallbacks, @source, @now, @now)
    ON CONFLICT(id) DO UPDATE SET name = @name, models = @models, fallbacks = @fallbacks,
      use_fallbacks = @useFallbacks, source = @source, updated_at = @now`)
  const listStmt = db.prepare('SELECT * FROM teams ORDER BY name')
  const deleteStmt = db.prepare('DELETE FROM teams WHERE id = ?')
  const cache = tableCache(db, 'teams', () => (listStmt.all() as Raw[]).map(toRow))

  return {
    upsert(t: TeamInput, now: number): TeamRow {
      upsertStmt.run({
        ...t,
        models: t.models === null ? null : writeJson(t.models),
        fallbacks: writeJson(t.fallbacks),
        useFallbacks: t.useFallbacks ? 1 : 0,
        now,
      })
      cache.clear()
      return this.get(t.id)!
    },
    get(id: string): TeamRow | undefined {
      return cache.all().find((t) => t.id === id)
    },
    getByName(name: string): TeamRow | undefined {
      return cache.all().find((t) => t.name === name)
    },
    /** A team named in an admin body, by its id or its name. */
    getByIdOrName(ref: string): TeamRow | undefined {
      return cache.all().find((t) => t.id === ref) ?? cache.all().find((t) => t.name === ref)
    },
    /** Rows are shared and frozen: copy one to change it. */
    list(): readonly TeamRow[] {
      return cache.all()
    },
    delete(id: string): boolean {
      cache.clear()
      return deleteStmt.run(id).changes > 0
    },
  }
}
