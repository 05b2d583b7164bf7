import type { FastifyBaseLogger } from 'fastify'
import { GatewayError, isGatewayError } from '../../../shared/errors'
import type { LocalModelSettings } from '../../../shared/local-model-settings'
import type { Clock } from '../../kernel/runtime'
import { STORAGE_FAULT_CAUSE, storageFault } from '../../kernel/storage-fault'
import type { CallContext } from '../../providers/contracts/provider-config'
import type { Modalities, Modality, ProviderRegistry } from '../../providers/registry'
import { UpstreamError } from '../../providers/upstream/upstream-error'
import type { ToolRunLog, UsageAttempt, UsageRow } from '../../store/repos/usage-repo'
import type { Store } from '../../store/store'
import type { ModelRow } from '../../store/repos/models-repo'
import type { CreditLedger, Reservation } from '../credits/credit-ledger'
import { checkCharge } from '../credits/usage-sanity'
import type { ProviderConfigs } from '../routing/provider-configs'
import { fallbackChain, kindOf, resolveModel, type Resolved, type Target } from '../routing/resolve-model'
import { usageRow } from './usage-row'
import { MODALITY_KIND, unfitModel } from './model-fit'
import type { RequestContext } from './request-context'

export type UsageEndpoint =
  | 'chat.completions'
  | 'responses'
  | 'messages'
  | 'messages.count_tokens'
  | 'completions'
  | 'ollama.chat'
  | 'ollama.generate'
  | 'audio.speech'
  | 'audio.transcriptions'
  | 'audio.translations'
  | 'embeddings'

/** One request on its way through the pipeline: what it asked for, what it may try, what it holds. */
export interface Run<M extends Modality = Modality> {
  ctx: RequestContext
  endpoint: UsageEndpoint
  modality: M
  requestedModel: string
  /** The model, then its fallbacks that can serve this modality. */
  chain: Target[]
  reservation: Reservation
  attempts: UsageAttempt[]
  /** Gateway-run tools (chat steps add them as they run), for the usage row. */
  tools: ToolRunLog[]
  metadata: Record<string, string> | null
}

export interface RunSpec<M extends Modality> {
  endpoint: UsageEndpoint
  modality: M
  /** What the client put in `model`. */
  requestedModel: string
  /** `?fallbacks=`; the team's setting when undefined. */
  useFallbacks: boolean | undefined
  metadata?: Record<string, string> | null
  /** The worst-case cost in micro-credits of trying these models. */
  hold(chain: Target[]): number
  /**
   * The client's own bound that makes the hold, and how to lower it ("max_tokens 4096; lower max_tokens"):
   * such a hold must fit in what is left (else 402 saying so). Unset: the hold is the gateway's own
   * ceiling, and holds at most what is left.
   */
  clientBound?: string
}

/** Which model answered, and which were tried and failed before it. */
export interface ServedBy {
  target: Target
  fallbacksUsed: string[]
}

export interface Served<T> extends ServedBy {
  value: T
}

/** How a request ended, for its usage row and the ledger. Counters left out are 0. */
export type Outcome = { target: Target | null; status: number } & Partial<
  Pick<UsageRow, 'stream' | 'creditsMicro' | 'promptTokens' | 'completionTokens' | 'cachedTokens' | 'cacheCreationTokens' | 'audioSeconds' | 'characters' | 'usageEstimated' | 'error'>
>

export interface PipelineDeps {
  store: Store
  clock: Clock
  ledger: CreditLedger
  registry: ProviderRegistry
  providerConfigs: ProviderConfigs
  /** Where usage anomalies are reported. */
  log?: FastifyBaseLogger
  /** Tokens of context a local model gets per request (engines.llama_context_size): its prompt and answer fit in it. */
  localContextTokens?: number
}

/** What a provider is told about one call: the request's signal and id, and the model it is for. */
export function callContext(ctx: Pick<RequestContext, 'signal' | 'requestId' | 'keepAliveSeconds'>, t: Target): CallContext {
  const { model } = t
  const local = model.options.local as LocalModelSettings | undefined
  return {
    signal: ctx.signal,
    requestId: ctx.requestId,
    model: { id: model.id, name: model.name, upstream: model.upstream ?? model.name, file: model.file, ...(local ? { local } : {}) },
    ...(ctx.keepAliveSeconds !== undefined ? { keepAliveSeconds: ctx.keepAliveSeconds } : {}),
  }
}

const statusOfError = (err: unknown, ctx: RequestContext) => (isGatewayError(err) ? err.status : ctx.signal.aborted ? 499 : 500)

/**
 * The one lifecycle of every model request (chat, messages, speech, transcription, translation, batch
 * lines): resolve the model -> hold credits -> try the model, then its fallbacks, until one answers
 * before its first byte -> settle (usage row and charge in one transaction, the stored completion).
 */
export function createPipeline({ store, clock, ledger, registry, providerConfigs, log, localContextTokens }: PipelineDeps) {
  const serves = (t: Target, modality: Modality) => kindOf(t.model) === MODALITY_KIND[modality] && registry.supports(t.provider.type, modality, t.provider.options)

  return {
    /** Whether a model can serve a modality: its kind, and its provider type's modalities. */
    serves,

    /** `model` as the client wrote it (name, alias, UUID, agent) -> a model that can serve `modality`, enabled for the team. */
    resolve(ctx: RequestContext, label: string, modality: Modality): Resolved {
      const resolved = resolveModel(store, ctx.principal.team, label)
      const { target } = resolved
      if (!serves(target, modality)) throw unfitModel(target, modality, kindOf(target.model))
      return resolved
    },

    /** The tokens a model's prompt and answer must fit in, when the gateway knows it (a local model's context); null for upstream models. */
    contextTokens(t: Target): number | null {
      return t.provider.type === 'local' ? (localContextTokens ?? null) : null
    },

    /** Builds the chain of models to try and holds the worst case of their cost (402 when the budget is used up). */
    begin<M extends Modality>(ctx: RequestContext, first: Target, spec: RunSpec<M>): Run<M> {
      const chain = fallbackChain(store, ctx.principal.team, first, spec.useFallbacks ?? ctx.principal.team.useFallbacks).filter((t, i) => i === 0 || serves(t, spec.modality))
      const reservation = ledger.reserve(spec.hold(chain), spec.clientBound)
      const metadata = spec.metadata ?? null
      ledger.begin(ctx.requestId, () => usageRow(ctx, clock.now(), { endpoint: spec.endpoint, requestedModel: spec.requestedModel, status: 0, metadata }))
      return { ctx, endpoint: spec.endpoint, modality: spec.modality, requestedModel: spec.requestedModel, chain, reservation, attempts: [], tools: [], metadata }
    },

    /**
     * Calls each model of the chain in turn until one answers; every attempt is recorded. Only a
     * fallbackable failure (connection, timeout, 429, 5xx before the first byte) moves on. `call`
     * learns whether its model is the last, for passthroughs that must relay the last answer as it is.
     */
    async attempt<M extends Modality, T>(
      run: Run<M>,
      call: (provider: Modalities[M], ctx: CallContext, last: boolean, target: Target) => Promise<T>,
      statusOf: (value: T) => number = () => 200,
    ): Promise<Served<T>> {
      const { ctx, chain } = run
      for (const [i, target] of chain.entries()) {
        const last = i === chain.length - 1
        const started = clock.now()
        const attempt = { model: target.model.name, modelId: target.model.id }
        try {
          const provider = registry.resolve(run.modality, providerConfigs(target.provider))
          const value = await call(provider, callContext(ctx, target), last, target)
          run.attempts.push({ ...attempt, status: statusOf(value), latencyMs: clock.now() - started })
          return { value, target, fallbacksUsed: chain.slice(0, i).map((t) => t.model.name) }
        } catch (err) {
          run.attempts.push({ ...attempt, status: statusOfError(err, ctx), latencyMs: clock.now() - started, error: (err as Error).message })
          const canMoveOn = err instanceof UpstreamError && err.fallbackable && !ctx.signal.aborted && !last
          if (!canMoveOn) throw err
        }
      }
      throw new GatewayError({ status: 500, type: 'api_error', message: 'No model to try.' })
    },

    /**
     * A provider for the gateway's own work outside any client request (indexing a RAG collection's
     * documents): the model's own provider, no team, no credit hold, no usage row.
     */
    direct<M extends Modality>(modality: M, model: ModelRow, signal: AbortSignal, requestId: string): { provider: Modalities[M]; ctx: CallContext } {
      const provider = store.providers.get(model.providerId)
      if (!provider || !serves({ model, provider }, modality)) throw unfitModel({ model, provider: provider! }, modality, kindOf(model))
      return { provider: registry.resolve(modality, providerConfigs(provider)), ctx: callContext({ signal, requestId }, { model, provider }) }
    },

    /** Writes the usage row and charges the real cost in one transaction (group-committed); returns the cost in micro-credits. */
    settle(run: Run, o: Outcome): number {
      const { ctx } = run
      const { target, creditsMicro = 0, ...rest } = o
      // What the upstream reported is checked before it is billed: see checkCharge.
      const charge = checkCharge(run.reservation.ceilingMicro, rest, creditsMicro)
      if (charge.anomaly) log?.warn({ requestId: ctx.requestId, model: target?.model.name ?? run.requestedModel, endpoint: run.endpoint }, `usage anomaly: ${charge.anomaly}`)
      const row = usageRow(ctx, clock.now(), {
        endpoint: run.endpoint,
        requestedModel: run.requestedModel,
        modelId: target?.model.id ?? null,
        modelName: target?.model.name ?? null,
        attempts: run.attempts,
        tools: run.tools,
        metadata: run.metadata,
        ...rest,
        creditsMicro: charge.creditsMicro,
        usageEstimated: (o.usageEstimated ?? false) || charge.refused,
        error: o.error ?? null,
      })
      if (charge.counters) Object.assign(row, charge.counters)
      ledger.settle(run.reservation, row)
      return charge.creditsMicro
    },

    /** Settles a request that failed before any answer: no model, no cost, the error's status. */
    fail(run: Run, err: unknown, stream = false): void {
      this.settle(run, { target: null, status: statusOfError(err, run.ctx), stream, error: (err as Error).message })
    },

    /**
     * Keeps request and reply of a `store: true` completion, tied to its usage row. The answer is paid
     * for by now: a full disk or a locked database costs the stored copy (logged), never the answer.
     */
    storeCompletion(run: Run, c: { id: string; modelName: string; request: unknown; response: unknown }): void {
      const { ctx } = run
      try {
        store.completions.insert({ ...c, usageId: ctx.requestId, createdAt: ctx.startedAt, teamId: ctx.principal.team.id, metadata: run.metadata ?? {} })
      } catch (err) {
        const fault = storageFault(err)
        if (!fault) throw err
        log?.warn({ requestId: ctx.requestId }, `the completion was answered but not stored: ${STORAGE_FAULT_CAUSE[fault]}`)
      }
    },
  }
}

export type Pipeline = ReturnType<typeof createPipeline>
