import type { BudgetPeriod } from '../../../shared/admin-wire'
import type { Db } from '../database'
import { tableCache } from './row-cache'

export type GovernanceScope = 'key' | 'user' | 'team' | 'team_model'
export type { BudgetPeriod }

/** What one key, user, team or model within a team is held to. Unset fields hold nothing. */
export interface GovernanceRow {
  scope: GovernanceScope
  /** A key, user or team id; `<team id>/<model name>` for a model within a team. */
  scopeId: string
  rpmLimit: number | null
  tpmLimit: number | null
  budget: { creditsMicro: number; period: BudgetPeriod } | null
  /** A team's data policy (other scopes keep the defaults). */
  localOnly: boolean
  keepContent: boolean
}

interface Raw {
  scope: GovernanceScope
  scope_id: string
  rpm_limit: number | null
  tpm_limit: number | null
  budget_credits_micro: number | null
  budget_period: BudgetPeriod | null
  local_only: number
  keep_content: number
}

const toRow = (r: Raw): GovernanceRow => ({
  scope: r.scope,
  scopeId: r.scope_id,
  rpmLimit: r.rpm_limit,
  tpmLimit: r.tpm_limit,
  budget: r.budget_credits_micro === null || r.budget_period === null ? null : { creditsMicro: r.budget_credits_micro, period: r.budget_period },
  localOnly: r.local_only === 1,
  keepContent: r.keep_content === 1,
})

export const scopeKey = (scope: GovernanceScope, scopeId: string) => `${scope}:${scopeId}`

/** A row that holds nothing: what a scope without one is held to. */
export const unlimited = (scope: GovernanceScope, scopeId: string): GovernanceRow => ({ scope, scopeId, rpmLimit: null, tpmLimit: null, budget: null, localOnly: false, keepContent: true })

const isUnlimited = (g: GovernanceRow) => g.rpmLimit === null && g.tpmLimit === null && g.budget === null && !g.localOnly && g.keepContent

export type GovernanceRepo = ReturnType<typeof createGovernanceRepo>

/**
 * Limits, budgets and data policies (read on every request, so cached whole and cleared on each write
 * or another connection's commit), and the counters behind them as atomic upserts, so that instances
 * sharing the store count together.
 */
export function createGovernanceRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO governance (scope, scope_id, rpm_limit, tpm_limit, budget_credits_micro, budget_period, local_only, keep_content, updated_at)
    VALUES (@scope, @scopeId, @rpmLimit, @tpmLimit, @budgetMicro, @budgetPeriod, @localOnly, @keepContent, @now)
    ON CONFLICT (scope, scope_id) DO UPDATE SET rpm_limit = @rpmLimit, tpm_limit = @tpmLimit, budget_credits_micro = @budgetMicro,
      budget_period = @budgetPeriod, local_only = @localOnly, keep_content = @keepContent, updated_at = @now`)
  const deleteStmt = db.prepare('DELETE FROM governance WHERE scope = ? AND scope_id = ?')
  const deletePrefixStmt = db.prepare("DELETE FROM governance WHERE scope = 'team_model' AND scope_id LIKE ?")
  const listStmt = db.prepare('SELECT * FROM governance')
  const cache = tableCache(db, 'governance', () => (listStmt.all() as Raw[]).map(toRow))
  let byKey: Map<string, GovernanceRow> | null = null
  let cachedRows: readonly GovernanceRow[] | null = null
  const index = () => {
    const rows = cache.all()
    if (rows !== cachedRows) {
      cachedRows = rows
      byKey = new Map(rows.map((r) => [scopeKey(r.scope, r.scopeId), r]))
    }
    return byKey!
  }

  const hitStmt = db.prepare(`
    INSERT INTO rate_windows (scope_key, window_start, requests, tokens) VALUES (@key, @windowStart, @requests, @tokens)
    ON CONFLICT (scope_key, window_start) DO UPDATE SET requests = rate_windows.requests + @requests, tokens = rate_windows.tokens + @tokens
    RETURNING requests, tokens`)
  const windowStmt = db.prepare('SELECT requests, tokens FROM rate_windows WHERE scope_key = ? AND window_start = ?')
  const sweepWindowsStmt = db.prepare('DELETE FROM rate_windows WHERE window_start < ?')
  const spendStmt = db.prepare(`
    INSERT INTO budget_spend (scope_key, period_start, spent_micro) VALUES (@key, @periodStart, @micro)
    ON CONFLICT (scope_key, period_start) DO UPDATE SET spent_micro = budget_spend.spent_micro + @micro`)
  const spentStmt = db.prepare('SELECT spent_micro FROM budget_spend WHERE scope_key = ? AND period_start = ?')

  return {
    get(scope: GovernanceScope, scopeId: string): GovernanceRow | undefined {
      return index().get(scopeKey(scope, scopeId))
    },
    /** Whether no scope holds a limit, budget or policy (then a request needs no lookup at all). */
    isEmpty: (): boolean => index().size === 0,
    /** Every row of a scope (`team_model` rows of one team: pass its id as `teamId`). */
    list(scope: GovernanceScope, teamId?: string): GovernanceRow[] {
      return cache.all().filter((r) => r.scope === scope && (teamId === undefined || r.scopeId.startsWith(`${teamId}/`)))
    },
    /** Writes a scope's row; one that holds nothing is removed. */
    put(g: GovernanceRow, now: number): void {
      cache.clear()
      if (isUnlimited(g)) return void deleteStmt.run(g.scope, g.scopeId)
      upsertStmt.run({
        scope: g.scope,
        scopeId: g.scopeId,
        rpmLimit: g.rpmLimit,
        tpmLimit: g.tpmLimit,
        budgetMicro: g.budget?.creditsMicro ?? null,
        budgetPeriod: g.budget?.period ?? null,
        localOnly: g.localOnly ? 1 : 0,
        keepContent: g.keepContent ? 1 : 0,
        now,
      })
    },
    /** A team's per-model rows go with it. */
    removeTeamModels(teamId: string): void {
      cache.clear()
      deletePrefixStmt.run(`${teamId}/%`)
    },
    remove(scope: GovernanceScope, scopeId: string): void {
      cache.clear()
      deleteStmt.run(scope, scopeId)
    },

    /** Adds to a scope's window and answers its totals after, in one statement (atomic across instances). */
    hit(key: string, windowStart: number, requests: number, tokens: number): { requests: number; tokens: number } {
      return hitStmt.get({ key, windowStart, requests, tokens }) as { requests: number; tokens: number }
    },
    window(key: string, windowStart: number): { requests: number; tokens: number } {
      return (windowStmt.get(key, windowStart) as { requests: number; tokens: number } | undefined) ?? { requests: 0, tokens: 0 }
    },
    sweepWindows(before: number): void {
      sweepWindowsStmt.run(before)
    },
    addSpend(key: string, periodStart: number, micro: number): void {
      spendStmt.run({ key, periodStart, micro })
    },
    spent(key: string, periodStart: number): number {
      return (spentStmt.get(key, periodStart) as { spent_micro: number } | undefined)?.spent_micro ?? 0
    },
  }
}
