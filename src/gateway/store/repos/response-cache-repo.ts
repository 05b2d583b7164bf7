import type { Db } from '../database'

/** One cached answer: the bytes the client got (JSON, or a whole event stream) and what served them. */
export interface CachedResponse {
  key: string
  teamId: string
  endpoint: string
  modelId: string | null
  modelName: string | null
  /** The `X-Svc-Model-Id` the first answer carried. */
  servedModelId: string | null
  contentType: string
  stream: boolean
  body: Buffer
  createdAt: number
  expiresAt: number
}

interface Raw {
  cache_key: string
  team_id: string
  endpoint: string
  model_id: string | null
  model_name: string | null
  served_model_id: string | null
  content_type: string
  stream: number
  body: Buffer
  created_at: number
  expires_at: number
}

const toRow = (r: Raw): CachedResponse => ({
  key: r.cache_key,
  teamId: r.team_id,
  endpoint: r.endpoint,
  modelId: r.model_id,
  modelName: r.model_name,
  servedModelId: r.served_model_id,
  contentType: r.content_type,
  stream: r.stream === 1,
  body: r.body,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
})

/** Rows swept per statement, so a large sweep never holds the write lock for long. */
const SWEEP_BATCH = 500

export type ResponseCacheRepo = ReturnType<typeof createResponseCacheRepo>

export function createResponseCacheRepo(db: Db) {
  const getStmt = db.prepare('SELECT * FROM response_cache WHERE cache_key = ? AND expires_at > ?')
  const putStmt = db.prepare(`
    INSERT INTO response_cache (cache_key, team_id, endpoint, model_id, model_name, served_model_id, content_type, stream, body, created_at, expires_at)
    VALUES (@key, @teamId, @endpoint, @modelId, @modelName, @servedModelId, @contentType, @stream, @body, @createdAt, @expiresAt)
    ON CONFLICT (cache_key) DO UPDATE SET endpoint = @endpoint, model_id = @modelId, model_name = @modelName, served_model_id = @servedModelId,
      content_type = @contentType, stream = @stream, body = @body, created_at = @createdAt, expires_at = @expiresAt`)
  const sweepStmt = db.prepare(`DELETE FROM response_cache WHERE cache_key IN (SELECT cache_key FROM response_cache WHERE expires_at <= ? LIMIT ${SWEEP_BATCH})`)

  return {
    /** The answer kept under `key`, unless it expired by `now`. */
    get(key: string, now: number): CachedResponse | undefined {
      const r = getStmt.get(key, now) as Raw | undefined
      return r && toRow(r)
    },
    put(c: CachedResponse): void {
      putStmt.run({ ...c, stream: c.stream ? 1 : 0 })
    },
    /** Deletes up to SWEEP_BATCH expired answers; returns how many. */
    sweepExpired(now: number): number {
      return sweepStmt.run(now).changes
    },
  }
}
