import type { ModelPricing } from '../../../shared/pricing'
import type { Db } from '../database'
import { readJson, writeJson } from './json-column'
import { tableCache } from './row-cache'
import type { RowSource } from './providers-repo'

export interface ModelRow {
  id: string
  name: string
  providerId: string
  upstream: string | null
  engine: string | null
  file: string | null
  aliases: string[]
  pricing: ModelPricing
  options: Record<string, unknown>
  source: RowSource
  createdAt: number
  updatedAt: number
}

interface Raw {
  id: string
  name: string
  provider_id: string
  upstream: string | null
  engine: string | null
  file: string | null
  aliases: string
  pricing: string
  options: string
  source: RowSource
  created_at: number
  updated_at: number
}

const toRow = (r: Raw): ModelRow => ({
  id: r.id,
  name: r.name,
  providerId: r.provider_id,
  upstream: r.upstream,
  engine: r.engine,
  file: r.file,
  aliases: readJson(r.aliases, []),
  pricing: readJson(r.pricing, {}),
  options: readJson(r.options, {}),
  source: r.source,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

export type ModelInput = Omit<ModelRow, 'createdAt' | 'updatedAt'>
export type ModelsRepo = ReturnType<typeof createModelsRepo>

export function createModelsRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO models (id, name, provider_id, upstream, engine, file, aliases, pricing, options, source, created_at, updated_at)
    VALUES (@id, @name, @providerId, @upstream, @engine, @file, @aliases, @pricing, @options, @source, @now, @now)
    ON CONFLICT(id) DO UPDATE SET name = @name, provider_id = @providerId, upstream = @upstream, engine = @engine,
      file = @file, aliases = @aliases, pricing = @pricing, options = @options, source = @source, updated_at = @now`)
  const listStmt = db.prepare('SELECT * FROM models ORDER BY name')
  const deleteStmt = db.prepare('DELETE FROM models WHERE id = ?')
  const cache = tableCache(db, 'models', () => (listStmt.all() as Raw[]).map(toRow))

  return {
    upsert(m: ModelInput, now: number): ModelRow {
      upsertStmt.run({ ...m, aliases: writeJson(m.aliases), pricing: writeJson(m.pricing), options: writeJson(m.options), now })
      cache.clear()
      return this.get(m.id)!
    },
    get(id: string): ModelRow | undefined {
      return cache.all().find((m) => m.id === id)
    },
    getByName(name: string): ModelRow | undefined {
      return cache.all().find((m) => m.name === name)
    },
    /** Rows are shared and frozen: copy one to change it. */
    list(): readonly ModelRow[] {
      return cache.all()
    },
    /** For deletes that cascade here from providers. */
    clearCache: () => cache.clear(),
    delete(id: string): boolean {
      cache.clear()
      return deleteStmt.run(id).changes > 0
    },
  }
}
