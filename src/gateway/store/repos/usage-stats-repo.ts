import type { Db } from '../database'
import type { UsageRepo, UsageRow } from './usage-repo'
import { jsonTextField } from '../sql-dialect'

/** Which requests a usage query looks at; every field left out matches all. Times are milliseconds. */
export interface UsageQueryFilter {
  /** 'ok': 2xx, 'error': 4xx and 5xx, or one status code. */
  status?: 'ok' | 'error' | number
  /** The model that answered or the one asked for. */
  model?: string
  teamId?: string
  keyId?: string
  endpoint?: string
  metadata?: Record<string, string>
  from?: number
  to?: number
}

export type UsageGroupBy = 'model' | 'team' | 'key'

export interface UsagePoint {
  /** Start of the bucket, ms. */
  t: number
  group: string | null
  requests: number
  errors: number
  tokens: number
  creditsMicro: number
  latencyMs: number
}

export interface UsageTotals {
  requests: number
  errors: number
  promptTokens: number
  completionTokens: number
  audioSeconds: number
  characters: number
  creditsMicro: number
  avgLatencyMs: number
}

const GROUP_COLUMN: Record<UsageGroupBy, string> = { model: "COALESCE(model_name, requested_model, '')", team: "COALESCE(team_id, '')", key: "COALESCE(key_id, '')" }

/** The WHERE clause and parameters of a filter. Column names are fixed here; values only ever travel as parameters. */
function where(db: Db, f: UsageQueryFilter): { sql: string; params: Record<string, unknown> } {
  const conditions: string[] = []
  const params: Record<string, unknown> = {}
  const add = (condition: string, name: string, value: unknown) => {
    if (value === undefined || value === '') return
    conditions.push(condition)
    params[name] = value
  }
  if (f.status === 'ok') conditions.push('status < 400')
  else if (f.status === 'error') conditions.push('status >= 400')
  else add('status = @status', 'status', f.status)
  add('(model_name = @model OR requested_model = @model)', 'model', f.model)
  add('team_id = @teamId', 'teamId', f.teamId)
  add('key_id = @keyId', 'keyId', f.keyId)
  add('endpoint = @endpoint', 'endpoint', f.endpoint)
  add('created_at >= @from', 'from', f.from)
  add('created_at < @to', 'to', f.to)
  Object.entries(f.metadata ?? {}).forEach(([key, value], i) => {
    const field = jsonTextField(db, 'metadata', `mk${i}`)
    conditions.push(`${field.sql} = @mv${i}`)
    params[`mk${i}`] = field.keyParam(key)
    params[`mv${i}`] = value
  })
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params }
}

/**
 * Read-only queries over the usage log for the usage page: filtered pages of requests (newest first,
 * continued after a cursor), totals, and time series bucketed by hour or day per model, team or key.
 */
export function createUsageStatsRepo(db: Db, rows: UsageRepo) {
  return {
    /** A page of requests, newest first, strictly before `before` (the (created_at, id) of the last row seen). */
    page(f: UsageQueryFilter, before: { createdAt: number; id: string } | null, limit: number): UsageRow[] {
      const w = where(db, f)
      const cursor = before ? `${w.sql ? `${w.sql} AND` : 'WHERE'} (created_at, id) < (@beforeAt, @beforeId)` : w.sql
      const ids = db
        .prepare(`SELECT id FROM usage_log ${cursor} ORDER BY created_at DESC, id DESC LIMIT @limit`)
        .pluck()
        .all({ ...w.params, ...(before ? { beforeAt: before.createdAt, beforeId: before.id } : {}), limit }) as string[]
      return ids.map((id) => rows.get(id)!)
    },

    /** Every matching request, newest first, read a page at a time (CSV export). */
    *each(f: UsageQueryFilter): Generator<UsageRow> {
      let before: { createdAt: number; id: string } | null = null
      for (;;) {
        const batch = this.page(f, before, 500)
        yield* batch
        if (batch.length < 500) return
        const last = batch.at(-1)!
        before = { createdAt: last.createdAt, id: last.id }
      }
    },

    totals(f: UsageQueryFilter): UsageTotals {
      const w = where(db, f)
      const r = db
        .prepare(
          `SELECT count(*) AS requests, COALESCE(SUM(CASE WHEN status >= 400 THEN 1 ELSE 0 END), 0) AS errors, COALESCE(SUM(prompt_tokens), 0) AS "promptTokens",
            COALESCE(SUM(completion_tokens), 0) AS "completionTokens", COALESCE(SUM(audio_seconds), 0) AS "audioSeconds",
            COALESCE(SUM(characters), 0) AS characters, COALESCE(SUM(credits_micro), 0) AS "creditsMicro", COALESCE(AVG(latency_ms), 0) AS "avgLatencyMs"
           FROM usage_log ${w.sql}`,
        )
        .get(w.params) as UsageTotals
      return r
    },

    series(f: UsageQueryFilter, bucketMs: number, groupBy: UsageGroupBy): UsagePoint[] {
      const w = where(db, f)
      const group = GROUP_COLUMN[groupBy]
      return db
        .prepare(
          `SELECT created_at - created_at % @bucketMs AS t, ${group} AS "group", count(*) AS requests, COALESCE(SUM(CASE WHEN status >= 400 THEN 1 ELSE 0 END), 0) AS errors,
            COALESCE(SUM(prompt_tokens + completion_tokens), 0) AS tokens, COALESCE(SUM(credits_micro), 0) AS "creditsMicro", AVG(latency_ms) AS "latencyMs"
           FROM usage_log ${w.sql} GROUP BY t, "group" ORDER BY t, "group"`,
        )
        .all({ ...w.params, bucketMs }) as UsagePoint[]
    },
  }
}

export type UsageStatsRepo = ReturnType<typeof createUsageStatsRepo>
