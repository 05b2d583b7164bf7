import type { AuditEntry, BudgetInfo } from '../../../shared/admin-wire'
import type { GovernanceApi } from '../api/governance-api'
import type { FakeRows } from './fake-manage-api'

/** Limits, budgets and the audit log in memory: limits are written onto the fake's rows; tests push budgets and audit entries. */
export function fakeGovernanceApi(rows: FakeRows, keys: () => Array<{ id: string }>) {
  const budgets: BudgetInfo[] = []
  const audit: AuditEntry[] = []
  const api: GovernanceApi = {
    async setTeamLimits(id, patch) {
      const team = rows.teams.find((t) => t.id === id)!
      Object.assign(team, patch)
      return structuredClone(team)
    },
    async setUserLimits(id, patch) {
      const user = rows.users.find((u) => u.id === id)!
      Object.assign(user, patch)
      return structuredClone(user)
    },
    async setKeyLimits(id, patch) {
      const key = keys().find((k) => k.id === id)!
      Object.assign(key, patch)
      return structuredClone(key) as never
    },
    budgets: async () => structuredClone(budgets),
    async audit(filters, page) {
      const kept = audit.filter((e) => !filters.target_kind || e.target_kind === filters.target_kind)
      const from = page.after ? kept.findIndex((e) => e.id === page.after) + 1 : 0
      return { data: kept.slice(from, from + page.limit), has_more: from + page.limit < kept.length }
    },
    auditExport: async (_filters, format) => new Blob([format === 'csv' ? 'id,time\n' : audit.map((e) => JSON.stringify(e)).join('\n')]),
  }
  return { api, budgets, audit }
}
