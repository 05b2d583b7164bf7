import type { AuditEntry, BudgetInfo, KeyInfo, LimitsInfo, TeamInfo, UserInfo } from '../../../shared/admin-wire'
import type { Connection } from './connection'
import { requestJson, send } from './http'

/** What the limits dialog writes: rate limits and a budget, and for a team its data policy. */
export type LimitsPatch = Partial<LimitsInfo> & { local_only?: boolean; keep_content?: boolean; model_limits?: Record<string, { rpm_limit: number | null; tpm_limit: number | null }> }

export interface AuditFilters {
  target_kind?: string
  action?: string
}

/** Issue 27 in the admin API: limits and budgets of keys, users and teams, the budgets' spend, the audit log. */
export interface GovernanceApi {
  setTeamLimits(id: string, patch: LimitsPatch): Promise<TeamInfo>
  setUserLimits(id: string, patch: LimitsPatch): Promise<UserInfo>
  setKeyLimits(id: string, patch: LimitsPatch): Promise<KeyInfo>
  budgets(): Promise<BudgetInfo[]>
  audit(filters: AuditFilters, page: { after?: string; limit: number }): Promise<{ data: AuditEntry[]; has_more: boolean }>
  auditExport(filters: AuditFilters, format: 'csv' | 'jsonl'): Promise<Blob>
}

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

export function createGovernanceApi(conn: Connection): GovernanceApi {
  const patch = <T>(path: string, body: unknown) => requestJson<T>(conn, `/admin${path}`, { method: 'PATCH', body, auth: 'admin' })
  const enc = encodeURIComponent
  return {
    setTeamLimits: (id, p) => patch(`/teams/${enc(id)}`, p),
    setUserLimits: (id, p) => patch(`/users/${enc(id)}`, p),
    setKeyLimits: (id, p) => patch(`/keys/${enc(id)}`, p),
    budgets: async () => (await requestJson<{ data: BudgetInfo[] }>(conn, '/admin/budgets', { auth: 'admin' })).data,
    audit: (f, p) => requestJson(conn, `/admin/audit${query({ ...f, after: p.after, limit: p.limit })}`, { auth: 'admin' }),
    auditExport: async (f, format) => (await send(conn, `/admin/audit${query({ ...f, format })}`, { auth: 'admin' })).blob(),
  }
}
