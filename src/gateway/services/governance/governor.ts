import { GatewayError, forbidden } from '../../../shared/errors'
import type { Clock } from '../../kernel/runtime'
import { scopeKey, type GovernanceRow } from '../../store/repos/governance-repo'
import type { Store } from '../../store/store'
import type { RequestContext } from '../pipeline/request-context'
import type { Target } from '../routing/resolve-model'
import { budgetPeriod } from './budget-period'
import type { RateCounter } from './rate-counter'
import { rateLimitHeaders, resetDuration, type LimitState } from './rate-limit-headers'
import { isoTime } from '../../kernel/iso-time'

const MINUTE_MS = 60_000
const RETRY_SPEND_MS = 1000
/** What a request without `max_tokens` is counted as writing against a TPM limit, until its real usage is known. */
export const DEFAULT_TPM_OUTPUT_TOKENS = 4096

/** Tokens a request is counted for up front against a TPM limit: its input at ~4 bytes a token plus the most it may write. */
export const tokenEstimate = (inputBytes: number, maxOutput: number | undefined | null, n = 1): number =>
  Math.ceil(inputBytes / 4) + (maxOutput ?? DEFAULT_TPM_OUTPUT_TOKENS) * n

interface Scoped {
  key: string
  row: GovernanceRow
}

/** What one admitted request counted, to correct at settle. Null when nothing governs it. */
export interface Admission {
  windowStart: number
  estimate: number
  counted: Scoped[]
  budgets: { key: string; periodStart: number }[]
}

export interface GovernorDeps {
  store: Store
  clock: Clock
  counter: RateCounter
  /** Other instances write to the same store (issue 26): spend is then read from it on each request, not kept in memory. */
  shared?: boolean
  /** Told of each request a rate limit refuses, with the limit's scope and kind (e.g. `key.rpm`), for metrics. */
  onRateLimited?: (teamId: string, limit: string) => void
}

const credits = (micro: number) => `${+(micro / 1e6).toFixed(6)}`

/**
 * Rate limits, renewing budgets and data policies (issue 27), applied where a request is admitted to
 * the pipeline and settled with it. A request no row governs costs four map lookups.
 */
export function createGovernor({ store, clock, counter, shared = false, onRateLimited }: GovernorDeps) {
  const { governance } = store
  const spend = createSpendBook(store, shared)

  const scopesOf = (ctx: RequestContext, model: string): Scoped[] => {
    // Building the four keys was 1 % of a proxied request's CPU, for the many gateways that govern nothing.
    if (governance.isEmpty()) return []
    const { keyId, userId, team } = ctx.principal
    const out: Scoped[] = []
    const add = (row: GovernanceRow | undefined) => row && out.push({ key: scopeKey(row.scope, row.scopeId), row })
    add(governance.get('key', keyId))
    if (userId) add(governance.get('user', userId))
    add(governance.get('team', team.id))
    add(governance.get('team_model', `${team.id}/${model}`))
    return out
  }

  const describe = (ctx: RequestContext, row: GovernanceRow): string => {
    switch (row.scope) {
      case 'key': {
        const key = store.keys.get(row.scopeId)
        return `key ${key?.name ? `"${key.name}" ` : ''}(${key?.hint ?? row.scopeId})`
      }
      case 'user':
        return `user "${store.users.get(row.scopeId)?.name ?? row.scopeId}"`
      case 'team':
        return `team "${ctx.principal.team.name}"`
      case 'team_model':
        return `model "${row.scopeId.slice(row.scopeId.indexOf('/') + 1)}" in team "${ctx.principal.team.name}"`
    }
  }

  // Asked three times a request (begin, allowedChain, settle): a gateway that governs nothing builds no key for it.
  const policy = (teamId: string) => (governance.isEmpty() ? undefined : governance.get('team', teamId))

  return {
    /** Writes the spend not yet written (at shutdown). */
    flush: () => spend.flush(),

    /** Whether the team's prompts and answers may be kept (usage rows, stored completions and responses, logs). */
    keepsContent: (teamId: string): boolean => policy(teamId)?.keepContent ?? true,

    /**
     * The chain a team's data policy lets the request try: a `local_only` team's request for an upstream
     * model is refused (403) before anything is sent; upstream fallbacks are dropped from its chain.
     */
    allowedChain(ctx: RequestContext, chain: Target[]): Target[] {
      if (!policy(ctx.principal.team.id)?.localOnly) return chain
      const first = chain[0]!
      if (first.provider.type !== 'local') {
        throw forbidden(
          `Team "${ctx.principal.team.name}" has the data policy local_only: its requests may reach only models that run on this machine, and "${first.model.name}" runs on the upstream provider "${first.provider.id}". Use a local model, or turn local_only off for the team.`,
          'data_policy_local_only',
        )
      }
      return chain.filter((t) => t.provider.type === 'local')
    },

    /**
     * Admits a request against its key's, user's, team's and model's budgets (402 when a period's budget
     * is spent, saying when it renews) and rate limits (429 with retry-after), counting it; sets the
     * `x-ratelimit-*` headers of the answer. `tokens` is the request's estimate (input plus its most output).
     */
    admit(ctx: RequestContext, model: string, tokens: number, rateLimited: boolean): Admission | null {
      const scopes = scopesOf(ctx, model)
      if (!scopes.length) return null
      const now = clock.now()
      const budgets: Admission['budgets'] = []
      for (const s of scopes) {
        const budget = s.row.budget
        if (!budget) continue
        const period = budgetPeriod(budget.period, now)
        const spent = spend.spent(s.key, period.start)
        if (spent >= budget.creditsMicro) {
          throw new GatewayError({
            status: 402,
            type: 'insufficient_credits',
            code: 'budget_exhausted',
            message: `The budget of ${describe(ctx, s.row)} is spent: ${credits(spent)} of ${credits(budget.creditsMicro)} credits for this ${budget.period === 'month' ? 'calendar month' : budget.period} period. It renews at ${isoTime(period.end)}; an admin can raise it before then.`,
          })
        }
        budgets.push({ key: s.key, periodStart: period.start })
      }
      const windowStart = Math.floor(now / MINUTE_MS) * MINUTE_MS
      const limited = rateLimited ? scopes.filter((s) => s.row.rpmLimit !== null || s.row.tpmLimit !== null) : []
      const counted: Scoped[] = []
      let requests: LimitState | null = null
      let tokenState: LimitState | null = null
      const resetMs = windowStart + MINUTE_MS - now
      for (const s of limited) {
        const { rpmLimit, tpmLimit } = s.row
        const after = counter.add(s.key, windowStart, 1, tokens)
        counted.push(s)
        const overRequests = rpmLimit !== null && after.requests > rpmLimit
        const overTokens = tpmLimit !== null && after.tokens > tpmLimit
        if (overRequests || overTokens) {
          for (const c of counted) counter.add(c.key, windowStart, -1, -tokens)
          const retryAfter = Math.max(1, Math.ceil(resetMs / 1000))
          onRateLimited?.(ctx.principal.team.id, `${s.row.scope}.${overRequests ? 'rpm' : 'tpm'}`)
          const what = overRequests
            ? `requests per minute on ${describe(ctx, s.row)}: limit ${rpmLimit} (rpm_limit), used ${after.requests - 1}, requested 1`
            : `tokens per minute on ${describe(ctx, s.row)}: limit ${tpmLimit} (tpm_limit), used ${after.tokens - tokens}, requested ${tokens} (the input's estimate plus max_tokens; lower max_tokens to ask for less)`
          const headers = rateLimitHeaders(
            overRequests ? { limit: rpmLimit!, remaining: 0, resetMs } : requests,
            overTokens ? { limit: tpmLimit!, remaining: Math.max(0, tpmLimit! - (after.tokens - tokens)), resetMs } : tokenState,
          )
          throw new GatewayError({
            status: 429,
            type: 'rate_limit_error',
            code: 'rate_limit_exceeded',
            message: `Rate limit reached for ${what}. Please try again in ${resetDuration(resetMs)}.`,
            headers: { ...headers, 'retry-after': String(retryAfter) },
          })
        }
        if (rpmLimit !== null && (!requests || rpmLimit - after.requests < requests.remaining)) requests = { limit: rpmLimit, remaining: rpmLimit - after.requests, resetMs }
        if (tpmLimit !== null && (!tokenState || tpmLimit - after.tokens < tokenState.remaining)) tokenState = { limit: tpmLimit, remaining: tpmLimit - after.tokens, resetMs }
      }
      if (counted.length) ctx.setHeaders?.(rateLimitHeaders(requests, tokenState))
      return { windowStart, estimate: tokens, counted, budgets }
    },

    /** Takes back what admission counted, for a request refused after it (the company balance is spent): it never ran. */
    release(a: Admission): void {
      for (const s of a.counted) counter.add(s.key, a.windowStart, -1, -a.estimate)
    },

    /** Counts what the request really used: its tokens in place of the estimate, its cost against each budget. */
    settle(a: Admission, usedTokens: number, creditsMicro: number): void {
      const delta = usedTokens - a.estimate
      if (delta) for (const s of a.counted) if (s.row.tpmLimit !== null) counter.add(s.key, a.windowStart, 0, delta)
      if (creditsMicro > 0) for (const b of a.budgets) spend.add(b.key, b.periodStart, creditsMicro)
    },
  }
}

export type Governor = ReturnType<typeof createGovernor>

/**
 * What each budget's period has spent: written to the store in one transaction per turn of the event
 * loop (as the ledger group-commits usage rows), not one per request. A single process also keeps the
 * totals it read in memory (nobody else writes them); instances sharing a store read the store's total
 * on each request, plus what they have not written yet.
 */
function createSpendBook(store: Store, shared: boolean) {
  const pending = new Map<string, { key: string; periodStart: number; micro: number }>()
  const known = new Map<string, number>()
  const id = (key: string, periodStart: number) => `${key}@${periodStart}`
  const flush = () => {
    if (!pending.size) return
    const batch = [...pending.values()]
    pending.clear()
    try {
      store.transaction(() => {
        for (const p of batch) store.governance.addSpend(p.key, p.periodStart, p.micro)
      })
    } catch {
      // A locked or full database: this runs from a timer, so it must not throw. Kept for the next try.
      for (const p of batch) {
        const k = id(p.key, p.periodStart)
        const again = pending.get(k)
        if (again) again.micro += p.micro
        else pending.set(k, { ...p })
      }
      setTimeout(flush, RETRY_SPEND_MS).unref()
    }
  }
  return {
    spent(key: string, periodStart: number): number {
      const k = id(key, periodStart)
      const unwritten = pending.get(k)?.micro ?? 0
      if (shared) return store.governance.spent(key, periodStart) + unwritten
      let total = known.get(k)
      if (total === undefined) known.set(k, (total = store.governance.spent(key, periodStart) + unwritten))
      return total
    },
    add(key: string, periodStart: number, micro: number): void {
      const k = id(key, periodStart)
      if (!pending.size) setImmediate(flush)
      const p = pending.get(k)
      if (p) p.micro += micro
      else pending.set(k, { key, periodStart, micro })
      const total = known.get(k)
      if (total !== undefined) known.set(k, total + micro)
    },
    flush,
  }
}
