import type { UsageBucket, UsageGroupBy, UsagePage, UsageStats } from '../../../shared/usage-wire'
import type { Connection } from './connection'
import { requestJson, send } from './http'

/** The filters of the usage page; empty fields match everything. Times are Unix seconds. */
export interface UsageFilters {
  status?: string
  model?: string
  team_id?: string
  key_id?: string
  endpoint?: string
  /** `tag=value` pairs. */
  metadata?: Record<string, string>
  from?: number
  to?: number
}

export interface UsageQueryApi {
  usagePage(filters: UsageFilters, page: { before?: string; limit: number }): Promise<UsagePage>
  usageStats(filters: UsageFilters, opts: { bucket: UsageBucket; group_by: UsageGroupBy }): Promise<UsageStats>
  usageCsv(filters: UsageFilters): Promise<Blob>
}

export function usageQueryString(filters: UsageFilters, extra: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams()
  const { metadata, ...rest } = { ...filters, ...extra }
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== '') params.set(k, String(v))
  for (const [k, v] of Object.entries(metadata ?? {})) params.set(`metadata[${k}]`, v)
  const s = params.toString()
  return s ? `?${s}` : ''
}

export function createUsageQueryApi(conn: Connection): UsageQueryApi {
  return {
    usagePage: (f, p) => requestJson(conn, `/admin/usage/query${usageQueryString(f, { before: p.before, limit: p.limit })}`, { auth: 'admin' }),
    usageStats: (f, o) => requestJson(conn, `/admin/usage/stats${usageQueryString(f, o)}`, { auth: 'admin' }),
    usageCsv: async (f) => (await send(conn, `/admin/usage/export${usageQueryString(f)}`, { auth: 'admin' })).blob(),
  }
}
