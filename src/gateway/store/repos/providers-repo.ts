import type { Db } from '../database'
import { readJson, writeJson } from './json-column'
import { tableCache } from './row-cache'

export type ProviderType = 'openai' | 'anthropic' | 'local'
export type RowSource = 'config' | 'admin'

export interface ProviderRow {
  id: string
  type: ProviderType
  baseUrl: string | null
  /** `env:NAME` reference to an environment variable, resolved at call time. */
  apiKeyRef: string | null
  /** Encrypted literal API key (see SecretCipher); never returned by the admin API. */
  secret: Buffer | null
  options: Record<string, unknown>
  source: RowSource
  createdAt: number
  updatedAt: number
}

interface Raw {
  id: string
  type: ProviderType
  base_url: string | null
  api_key_ref: string | null
  secret: Buffer | null
  options: string
  source: RowSource
  created_at: number
  updated_at: number
}

const toRow = (r: Raw): ProviderRow => ({
  id: r.id,
  type: r.type,
  baseUrl: r.base_url,
  apiKeyRef: r.api_key_ref,
  secret: r.secret,
  options: readJson(r.options, {}),
  source: r.source,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

export type ProvidersRepo = ReturnType<typeof createProvidersRepo>

export function createProvidersRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO providers (id, type, base_url, api_key_ref, secret, options, source, created_at, updated_at)
    VALUES (@id, @type, @baseUrl, @apiKeyRef, @secret, @options, @source, @now, @now)
    ON CONFLICT(id) DO UPDATE SET type = @type, base_url = @baseUrl, api_key_ref = @apiKeyRef,
      secret = @secret, options = @options, source = @source, updated_at = @now`)
  const listStmt = db.prepare('SELECT * FROM providers ORDER BY id')
  const deleteStmt = db.prepare('DELETE FROM providers WHERE id = ?')
  const cache = tableCache(db, 'providers', () => (listStmt.all() as Raw[]).map(toRow))

  return {
    upsert(p: Omit<ProviderRow, 'createdAt' | 'updatedAt'>, now: number): ProviderRow {
      upsertStmt.run({ ...p, options: writeJson(p.options), now })
      cache.clear()
      return this.get(p.id)!
    },
    get(id: string): ProviderRow | undefined {
      return cache.all().find((p) => p.id === id)
    },
    /** Rows are shared and frozen: copy one to change it. */
    list(): readonly ProviderRow[] {
      return cache.all()
    },
    delete(id: string): boolean {
      cache.clear()
      return deleteStmt.run(id).changes > 0
    },
  }
}
