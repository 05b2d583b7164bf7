import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import { KIND_ENDPOINT } from '../../../shared/model-kind'
import type { ChatCompletion, Usage } from '../../../shared/chat/types'
import { GatewayError, isGatewayError } from '../../../shared/errors'
import type { Clock } from '../../kernel/runtime'
import type { ProviderRegistry } from '../../providers/provider-registry'
import type { ChatCallContext, ChatStream } from '../../providers/types-chat'
import { UpstreamError } from '../../providers/upstream/upstream-error'
import type { Store } from '../../store/store'
import type { CreditLedger } from '../credits/credit-ledger'
import { chatCostMicro, estimateTokens } from '../credits/pricing'
import { fallbackChain, kindOf, resolveModel, type Target } from '../routing/resolve-model'
import { usageRow } from '../usage/usage-row'
import { applyAgent } from './apply-agent'
import type { ChatContext, PreparedChat } from './chat-context'
import { completeFannedOut, streamFannedOut } from './fan-out'
import { toLegacyCompletion, wantsLegacyFunctions } from './legacy-functions'

export interface ChatDeps {
  store: Store
  clock: Clock
  ledger: CreditLedger
  providers: ProviderRegistry
}

export interface Served {
  target: Target
  /** Models that were tried and failed before `target` answered. */
  fallbacksUsed: string[]
}

export interface Settlement {
  target: Target | null
  status: number
  stream: boolean
  usage: Usage | null
  usageEstimated?: boolean
  error?: string | null
}

const DEFAULT_HOLD_COMPLETION_TOKENS = 1024

/**
 * The chat pipeline shared by /v1/chat/completions and batches: validate, resolve the model (name,
 * alias, UUID or agent), hold credits, try the model and its fallbacks, and settle cost and usage log.
 */
export function createChatService({ store, clock, ledger, providers }: ChatDeps) {
  function prepare(ctx: ChatContext, body: unknown, useFallbacks: boolean | undefined): PreparedChat {
    let req = parseChatCompletionRequest(body)
    // What the client asked for (an agent's name or UUID too), before an agent fills in its model.
    const requestedModel = req.model
    const { target, agent } = resolveModel(store, ctx.principal.team, req.model)
    const kind = kindOf(target.model)
    if (kind !== 'chat') {
      throw new GatewayError({ status: 400, type: 'invalid_request_error', code: 'model_not_chat', param: 'model', message: `The model "${target.model.name}" is a ${kind} model, not a chat model; use it with ${KIND_ENDPOINT[kind]}.` })
    }
    if (agent) req = parseChatCompletionRequest(applyAgent(agent, body as Record<string, unknown>))
    const chain = fallbackChain(store, ctx.principal.team, target, useFallbacks ?? ctx.principal.team.useFallbacks)
    const promptTokens = estimateTokens(JSON.stringify(req.messages))
    const completionTokens = (req.max_completion_tokens ?? DEFAULT_HOLD_COMPLETION_TOKENS) * (req.n ?? 1)
    const hold = Math.max(...chain.map((t) => chatCostMicro(t.model.pricing, { prompt_tokens: promptTokens, completion_tokens: completionTokens })))
    const reservation = ledger.reserve(hold)
    return { body, req, requestedModel, chain, reservation, attempts: [] }
  }

  const callContext = (ctx: ChatContext, t: Target): ChatCallContext => ({
    signal: ctx.signal,
    requestId: ctx.requestId,
    modelName: t.model.name,
    upstreamModel: t.model.upstream ?? t.model.name,
  })

  /** Tries each model in turn; only a fallbackable failure (connection, timeout, 429, 5xx) moves on. */
  async function firstThatAnswers<T>(ctx: ChatContext, prep: PreparedChat, call: (t: Target) => Promise<T>): Promise<{ value: T } & Served> {
    for (const [i, target] of prep.chain.entries()) {
      const started = clock.now()
      try {
        const value = await call(target)
        prep.attempts.push({ model: target.model.name, modelId: target.model.id, status: 200, latencyMs: clock.now() - started })
        return { value, target, fallbacksUsed: prep.chain.slice(0, i).map((t) => t.model.name) }
      } catch (err) {
        const status = isGatewayError(err) ? err.status : ctx.signal.aborted ? 499 : 500
        prep.attempts.push({ model: target.model.name, modelId: target.model.id, status, latencyMs: clock.now() - started, error: (err as Error).message })
        const canMoveOn = err instanceof UpstreamError && err.fallbackable && !ctx.signal.aborted && i < prep.chain.length - 1
        if (!canMoveOn) throw err
      }
    }
    throw new GatewayError({ status: 500, type: 'api_error', message: 'No model to try.' })
  }

  function settle(ctx: ChatContext, prep: PreparedChat, s: Settlement): number {
    const cached = s.usage?.prompt_tokens_details.cached_tokens ?? 0
    const creditsMicro = s.target && s.usage ? chatCostMicro(s.target.model.pricing, { prompt_tokens: s.usage.prompt_tokens, completion_tokens: s.usage.completion_tokens, cached_tokens: cached }) : 0
    const row = usageRow(ctx, clock.now(), {
      endpoint: 'chat.completions',
      requestedModel: prep.requestedModel,
      modelId: s.target?.model.id ?? null,
      modelName: s.target?.model.name ?? null,
      attempts: prep.attempts,
      status: s.status,
      stream: s.stream,
      promptTokens: s.usage?.prompt_tokens ?? 0,
      completionTokens: s.usage?.completion_tokens ?? 0,
      cachedTokens: cached,
      creditsMicro,
      usageEstimated: s.usageEstimated ?? false,
      error: s.error ?? null,
      metadata: prep.req.metadata ?? null,
    })
    ledger.settle(prep.reservation, row)
    return creditsMicro
  }

  return {
    prepare,
    settle,

    /** A whole completion, billed and logged; `svc_credits_cost` is filled in. */
    async complete(ctx: ChatContext, prep: PreparedChat): Promise<{ completion: ChatCompletion } & Served> {
      try {
        const { value: answer, ...served } = await firstThatAnswers(ctx, prep, (t) => completeFannedOut(providers.chat(t.provider), prep.req, callContext(ctx, t)))
        const value = wantsLegacyFunctions(prep.req) ? toLegacyCompletion(answer) : answer
        const micro = settle(ctx, prep, { target: served.target, status: 200, stream: false, usage: value.usage })
        value.usage.svc_credits_cost = micro / 1e6
        if (prep.req.store) {
          store.completions.insert({
            id: value.id,
            usageId: ctx.requestId,
            createdAt: ctx.startedAt,
            teamId: ctx.principal.team.id,
            modelName: served.target.model.name,
            request: prep.body,
            response: value,
            metadata: prep.req.metadata ?? {},
          })
        }
        return { completion: value, ...served }
      } catch (err) {
        settle(ctx, prep, { target: null, status: isGatewayError(err) ? err.status : 500, stream: false, usage: null, error: (err as Error).message })
        throw err
      }
    },

    /** Opens a stream on the first model that answers; the caller relays it and settles. */
    async openStream(ctx: ChatContext, prep: PreparedChat): Promise<{ stream: ChatStream } & Served> {
      try {
        const { value, ...served } = await firstThatAnswers(ctx, prep, (t) => streamFannedOut(providers.chat(t.provider), prep.req, callContext(ctx, t)))
        return { stream: value, ...served }
      } catch (err) {
        settle(ctx, prep, { target: null, status: isGatewayError(err) ? err.status : 500, stream: true, usage: null, error: (err as Error).message })
        throw err
      }
    },
  }
}

export type ChatService = ReturnType<typeof createChatService>
