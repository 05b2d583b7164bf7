import { badRequest } from '../../../shared/errors'
import { parseDurationSeconds } from '../../config/units'
import type { Clock } from '../../kernel/runtime'
import type { CachedResponse } from '../../store/repos/response-cache-repo'
import type { UsageRow } from '../../store/repos/usage-repo'
import type { Store } from '../../store/store'
import type { CreditLedger } from '../credits/credit-ledger'
import type { UsageEndpoint } from '../pipeline/pipeline'
import type { RequestContext } from '../pipeline/request-context'
import { usageRow } from '../pipeline/usage-row'
import type { TeamRow } from '../../store/repos/teams-repo'
import { enabledModels } from '../routing/model-access'
import { cacheKey } from './cache-key'

/** The longest an answer is kept: a month. */
const MAX_TTL_SECONDS = 30 * 86400
/** Answers larger than this are served but not kept. */
export const MAX_CACHED_BYTES = 8 * 1024 ** 2

/** The endpoints whose answers may be cached. */
export type CachedEndpoint = Extract<UsageEndpoint, 'chat.completions' | 'messages' | 'responses' | 'embeddings'>

/** A request the cache takes part in: where its answer is (or will be) kept, and for how long. */
export interface CachePlan {
  key: string
  teamId: string
  endpoint: CachedEndpoint
  stream: boolean
  requestedModel: string | null
  ttlMs: number
}

const ttlError = (where: string) =>
  badRequest(`${where} must be a number of seconds (0 turns caching off) or a duration such as "10m", at most 30 days; e.g. {"cache": {"ttl": 600}}.`, where === 'x-svc-cache-ttl' ? null : 'cache.ttl', 'invalid_cache_ttl')

function readTtl(value: unknown, where: string): number {
  // A header carries a number as text: "600" is 600 seconds.
  const read = typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value
  const seconds = typeof read === 'string' || typeof read === 'number' ? parseDurationSeconds(read) : undefined
  if (seconds === undefined || seconds > MAX_TTL_SECONDS) throw ttlError(where)
  return seconds
}

/** Requests whose answer depends on state kept elsewhere, or is not in the reply: never cached. */
function uncacheable(endpoint: CachedEndpoint, body: Record<string, unknown>): boolean {
  if (endpoint !== 'responses') return false
  return body.previous_response_id != null || body.conversation != null || body.background === true
}

/** A streamed answer is kept only when it ran to its end without an error event. */
function streamEnded(endpoint: CachedEndpoint, text: string): boolean {
  if (endpoint === 'chat.completions') return text.trimEnd().endsWith('data: [DONE]') && !/^data: \{"error"/m.test(text)
  if (endpoint === 'messages') return text.includes('event: message_stop') && !text.includes('event: error')
  if (endpoint === 'responses') return text.includes('event: response.completed')
  return false
}

/** A kept chat answer says what a hit costs: `usage.svc_credits_cost` is 0 (the rest is as first sent). */
function withoutCost(body: Buffer): Buffer {
  if (!body.includes('"svc_credits_cost"')) return body
  const parsed = JSON.parse(body.toString('utf8')) as { usage?: { svc_credits_cost?: number } }
  if (parsed.usage?.svc_credits_cost === undefined) return body
  parsed.usage.svc_credits_cost = 0
  return Buffer.from(JSON.stringify(parsed))
}

/**
 * The response cache (issue 27): opt-in per team (`cache: { ttl }` on the team) or per request
 * (`cache: { ttl }` in the body, or `x-svc-cache-ttl`; the body wins, then the header, then the team;
 * 0 turns it off). Exact match on the normalized request (cache-key.ts), the team in the key, so no
 * team ever sees another's answers. A hit is answered with the bytes first sent (a stream replays as
 * the same events), costs nothing and writes a usage row marked `cache_hit`.
 */
export function createResponseCache({ store, clock, ledger, onHit, keepsContent = () => true }: {
  store: Store
  clock: Clock
  ledger: CreditLedger
  onHit?: (row: UsageRow) => void
  /** Whether a team lets the gateway keep prompts and answers (the data policy `keep_content`); a team that does not is never cached. */
  keepsContent?: (teamId: string) => boolean
}) {
  return {
    /**
     * Whether the cache takes part in this request, and under which key. Takes `cache` out of the body
     * (it never reaches an upstream); returns the body to send on when it did.
     */
    plan(ctx: Pick<RequestContext, 'principal'>, endpoint: CachedEndpoint, body: Record<string, unknown>, headerTtl: string | undefined, variant = ''): { plan: CachePlan | null; stripped: boolean } {
      const team = ctx.principal.team
      let ttl: number | null = team.cacheTtlSeconds ?? null
      if (headerTtl !== undefined) ttl = readTtl(headerTtl.trim(), 'x-svc-cache-ttl')
      const asked = body.cache
      const stripped = asked !== undefined
      if (stripped) {
        delete body.cache
        if (asked !== null) {
          if (typeof asked !== 'object' || Array.isArray(asked) || !('ttl' in asked)) throw ttlError('cache.ttl')
          ttl = readTtl((asked as { ttl: unknown }).ttl, 'cache.ttl')
        }
      }
      if (!ttl || uncacheable(endpoint, body) || !keepsContent(team.id)) return { plan: null, stripped }
      const model = typeof body.model === 'string' ? body.model : null
      return { plan: { key: cacheKey(team.id, endpoint, body, variant), teamId: team.id, endpoint, stream: body.stream === true, requestedModel: model, ttlMs: ttl * 1000 }, stripped }
    },

    /** The kept answer, unless it expired or the model that gave it is no longer the team's to call. */
    lookup(plan: CachePlan, team: TeamRow): CachedResponse | undefined {
      const hit = store.responseCache.get(plan.key, clock.now())
      if (hit?.modelId && !enabledModels(store, team).some((m) => m.id === hit.modelId)) return undefined
      return hit
    },

    /** Keeps an answer that ended well: a 200, whole, not too large. */
    keep(plan: CachePlan, answer: { status: number; contentType: string; body: Buffer; servedModelId: string | null }): boolean {
      if (answer.status !== 200 || answer.body.length > MAX_CACHED_BYTES || !answer.body.length) return false
      if (plan.stream && !streamEnded(plan.endpoint, answer.body.toString('utf8'))) return false
      const body = plan.stream ? answer.body : withoutCost(answer.body)
      const model = answer.servedModelId ? store.models.get(answer.servedModelId.split('@')[0]!) : undefined
      const now = clock.now()
      store.responseCache.put({
        key: plan.key,
        teamId: plan.teamId,
        endpoint: plan.endpoint,
        modelId: model?.id ?? null,
        modelName: model?.name ?? null,
        servedModelId: answer.servedModelId,
        contentType: answer.contentType,
        stream: plan.stream,
        body,
        createdAt: now,
        expiresAt: now + plan.ttlMs,
      })
      return true
    },

    /** The usage row of a hit: no tokens, no credits, marked as a cache hit. */
    recordHit(ctx: RequestContext, plan: CachePlan, hit: CachedResponse): void {
      const row = usageRow(ctx, clock.now(), { endpoint: plan.endpoint, status: 200, stream: plan.stream, requestedModel: plan.requestedModel, modelId: hit.modelId, modelName: hit.modelName, cacheHit: true })
      ledger.settle({ holdMicro: 0, ceilingMicro: 0, settled: false }, row)
      onHit?.(row)
    },

    /** Deletes expired answers; returns how many. */
    sweepExpired(): number {
      let total = 0
      for (let n = store.responseCache.sweepExpired(clock.now()); n > 0; n = store.responseCache.sweepExpired(clock.now())) total += n
      return total
    },
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>
