import type { BudgetInfo, BudgetPeriod, LimitsInfo, TeamGovernanceInfo } from '../../../shared/admin-wire'
import { badRequest } from '../../../shared/errors'
import { unlimited, scopeKey, type GovernanceRow, type GovernanceScope } from '../../store/repos/governance-repo'
import { fromMicro, toMicro } from '../../store/repos/company-repo'
import type { Store } from '../../store/store'
import { budgetPeriod } from '../governance/budget-period'
import { isoTime } from '../../kernel/iso-time'

/** The limit fields of an admin body (or a config entry); absent fields keep what is set, null clears. */
export interface LimitsInput {
  rpm_limit?: number | null
  tpm_limit?: number | null
  budget?: { credits: number; period: BudgetPeriod } | null
}

export interface TeamPolicyInput extends LimitsInput {
  local_only?: boolean
  keep_content?: boolean
  model_limits?: Record<string, { rpm_limit?: number | null; tpm_limit?: number | null }>
}

export function limitsJson(row: GovernanceRow | undefined): LimitsInfo {
  return {
    rpm_limit: row?.rpmLimit ?? null,
    tpm_limit: row?.tpmLimit ?? null,
    budget: row?.budget ? { credits: fromMicro(row.budget.creditsMicro), period: row.budget.period } : null,
  }
}

export function teamGovernanceJson(store: Store, teamId: string): TeamGovernanceInfo {
  const row = store.governance.get('team', teamId)
  const modelLimits: TeamGovernanceInfo['model_limits'] = {}
  for (const m of store.governance.list('team_model', teamId)) modelLimits[m.scopeId.slice(teamId.length + 1)] = { rpm_limit: m.rpmLimit, tpm_limit: m.tpmLimit }
  return { ...limitsJson(row), local_only: row?.localOnly ?? false, keep_content: row?.keepContent ?? true, model_limits: modelLimits }
}

const merged = (row: GovernanceRow, body: LimitsInput): GovernanceRow => ({
  ...row,
  rpmLimit: body.rpm_limit === undefined ? row.rpmLimit : body.rpm_limit,
  tpmLimit: body.tpm_limit === undefined ? row.tpmLimit : body.tpm_limit,
  budget: body.budget === undefined ? row.budget : body.budget === null ? null : { creditsMicro: toMicro(body.budget.credits), period: body.budget.period },
})

/** Writes the limits a body sets on a key, user or team (a team's policy and per-model limits too). */
export function applyLimits(store: Store, scope: Exclude<GovernanceScope, 'team_model'>, id: string, body: TeamPolicyInput, now: number): void {
  const current = store.governance.get(scope, id) ?? unlimited(scope, id)
  const next = merged(current, body)
  if (scope === 'team') {
    next.localOnly = body.local_only ?? current.localOnly
    next.keepContent = body.keep_content ?? current.keepContent
  }
  store.governance.put(next, now)
  if (scope !== 'team' || body.model_limits === undefined) return
  store.governance.removeTeamModels(id)
  for (const [model, limits] of Object.entries(body.model_limits)) {
    if (!store.models.getByName(model)) throw badRequest(`Unknown model "${model}" in model_limits; name a model of the gateway.`, `model_limits.${model}`)
    store.governance.put(merged(unlimited('team_model', `${id}/${model}`), limits), now)
  }
}

/** Every budget with what its current period has spent, for the Usage page. */
export function budgetsWithSpend(store: Store, now: number): BudgetInfo[] {
  const out: BudgetInfo[] = []
  const nameOf = (scope: GovernanceScope, id: string) =>
    scope === 'team' ? store.teams.get(id)?.name : scope === 'user' ? store.users.get(id)?.name : (store.keys.get(id)?.name ?? store.keys.get(id)?.hint)
  for (const scope of ['team', 'user', 'key'] as const) {
    for (const row of store.governance.list(scope)) {
      if (!row.budget) continue
      const name = nameOf(scope, row.scopeId)
      if (name === undefined) continue
      const period = budgetPeriod(row.budget.period, now)
      out.push({
        scope,
        id: row.scopeId,
        name,
        credits: fromMicro(row.budget.creditsMicro),
        period: row.budget.period,
        spent: fromMicro(store.governance.spent(scopeKey(scope, row.scopeId), period.start)),
        period_start: isoTime(period.start),
        renews_at: isoTime(period.end),
      })
    }
  }
  return out
}
