import type { FastifyBaseLogger } from 'fastify'
import { GatewayError, isGatewayError } from '../../../shared/errors'
import type { LocalModelSettings } from '../../../shared/local-model-settings'
import type { Clock } from '../../kernel/runtime'
import { STORAGE_FAULT_CAUSE, storageFault } from '../../kernel/storage-fault'
import type { CallContext, ModelRef } from '../../providers/contracts/provider-config'
import type { Modalities, Modality, ProviderRegistry } from '../../providers/registry'
import { UpstreamError } from '../../providers/upstream/upstream-error'
import type { ToolRunLog, UsageAttempt, UsageRow } from '../../store/repos/usage-repo'
import type { Store } from '../../store/store'
import type { ModelRow } from '../../store/repos/models-repo'
import type { CreditLedger, Reservation } from '../credits/credit-ledger'
import { checkCharge } from '../credits/usage-sanity'
import type { Admission, Governor } from '../governance/governor'
import { withoutContent } from '../governance/without-content'
import type { Balancer } from '../routing/deployments'
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
  /** What the rate limits and budgets counted for it (null when none govern it), corrected at settle. */
  admission: Admission | null
  attempts: UsageAttempt[]
  /** Gateway-run tools (chat steps add them as they run), for the usage row. */
  tools: ToolRunLog[]
  metadata: Record<string, string> | null
  /** Ends the in-flight count of the deployment that answered, when it settles. */
  release?: () => void
  /** The prompt and (read only when wanted) the answer, for traces that capture content (`telemetry.capture_content`); set by the chat pivot. */
  content?: { input: unknown; output?: AnswerChoices }
}

/**
 * Where a traced answer's messages are read, only when a trace captures them: a whole completion (its
 * `choices`) or a stream's accumulator (`messages()`). Data, not a closure: a closure made in an async
 * route step holds that step's whole scope (the request, the reply and their buffers), see startedRowMaker.
 */
export type AnswerChoices = { readonly choices: readonly { message: unknown }[] } | { messages(): readonly { message: unknown }[] }

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
  /** Tokens the request is counted for against a TPM limit until it settles: estimated input plus the most it may write. */
  tokens?: number
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

/** Sees every model request begin and settle (metrics, traces); must not throw. */
export interface RequestObserver {
  began(run: Run): void
  settled(run: Run, row: UsageRow, target: Target | null): void
}

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
  /** Rate limits, budgets and data policies (issue 27); none apply without it. */
  governor?: Governor
  /** Spreads models with deployments over them and rests failing ones; without it a model's own provider serves. */
  balancer?: Balancer
  observer?: RequestObserver
}

/** The model a call is for, made once per model row (a row is replaced, never changed, when its model is edited). */
const modelRefs = new WeakMap<ModelRow, ModelRef>()
function modelRef(model: ModelRow): ModelRef {
  let ref = modelRefs.get(model)
  if (ref === undefined) {
    const local = model.options.local as LocalModelSettings | undefined
    ref = { id: model.id, name: model.name, upstream: model.upstream ?? model.name, file: model.file, ...(local ? { local } : {}) }
    modelRefs.set(model, ref)
  }
  return ref
}

/** What a provider is told about one call: the request's signal and id, and the model it is for. */
export function callContext(ctx: Pick<RequestContext, 'signal' | 'requestId' | 'keepAliveSeconds'>, t: Target): CallContext {
  const call: CallContext = { signal: ctx.signal, requestId: ctx.requestId, model: modelRef(t.model) }
  if (ctx.keepAliveSeconds !== undefined) call.keepAliveSeconds = ctx.keepAliveSeconds
  return call
}

/**
 * The ledger's maker of a request's `started` row, closing over copies of the four fields the row reads and
 * nothing else. A closure written in `begin` would hold begin's whole scope, and through the context the
 * reply, the request and their buffers; the ledger keeps it in a Map while the request runs, and under load
 * V8's scavenges kept what such closures reached alive past the request and promoted it to old space (about
 * 1.5 MB of each 12 MB scavenge, a full collection a second; issue 30).
 */
function startedRowMaker(ctx: RequestContext, clock: Clock, fields: Parameters<typeof usageRow>[2]): () => UsageRow {
  const who = { principal: ctx.principal, requestId: ctx.requestId, source: ctx.source, startedAt: ctx.startedAt }
  return () => usageRow(who, clock.now(), fields)
}

/** Every deployment of every model to try is resting after failures: 503 with when the first is back. */
function allResting(chain: Target[], balancer: Balancer, now: number): GatewayError {
  const back = Math.min(...chain.map((t) => balancer.backAt(t) ?? now + 1000))
  const seconds = Math.max(1, Math.ceil((back - now) / 1000))
  return new GatewayError({
    status: 503,
    type: 'api_error',
    code: 'deployments_cooling_down',
    param: 'model',
    message: `Every deployment of "${chain[0]!.model.name}"${chain.length > 1 ? ' and of its fallbacks' : ''} failed recently and is resting; the first is back in ${seconds}s. Retry then, or add deployments or fallbacks.`,
    headers: { 'retry-after': String(seconds) },
  })
}

const statusOfError = (err: unknown, ctx: RequestContext) => (isGatewayError(err) ? err.status : ctx.signal.aborted ? 499 : 500)

/** One attempt of the usage row, in the order of its fields: model, modelId, the deployment tried (when it has one), status, latency. */
function attemptOf(target: Target, status: number, latencyMs: number): UsageAttempt {
  const { model, deployment } = target
  return deployment
    ? { model: model.name, modelId: model.id, deployment: `${deployment.provider}/${deployment.upstream}`, status, latencyMs }
    : { model: model.name, modelId: model.id, status, latencyMs }
}

/**
 * The one lifecycle of every model request (chat, messages, speech, transcription, translation, batch
 * lines): resolve the model -> hold credits -> try the model, then its fallbacks, until one answers
 * before its first byte -> settle (usage row and charge in one transaction, the stored completion).
 */
export function createPipeline({ store, clock, ledger, registry, providerConfigs, log, localContextTokens, governor, balancer, observer }: PipelineDeps) {
  const providerRow = (id: string) => store.providers.get(id)
  const serves = (t: Target, modality: Modality) => kindOf(t.model) === MODALITY_KIND[modality] && registry.supports(t.provider.type, modality, t.provider.options)

  return {
    /** Whether a model can serve a modality: its kind, and its provider type's modalities. */
    serves,

    /** Whether any provider could serve a modality (one a provider serves only when its settings say so, e.g. `responses: native`): when none can, a front need not resolve the model to find out. */
    anyProviderServes: (modality: Modality) => store.providers.list().some((p) => registry.supports(p.type, modality, p.options)),

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
      let chain = fallbackChain(store, ctx.principal.team, first, spec.useFallbacks ?? ctx.principal.team.useFallbacks)
      // Most models have no fallbacks: their chain is the model alone, with nothing to filter.
      if (chain.length > 1) chain = chain.filter((t, i) => i === 0 || serves(t, spec.modality))
      let admission: Admission | null = null
      if (governor) {
        if (!governor.keepsContent(ctx.principal.team.id)) ctx.keepContentOutOfLogs?.()
        chain = governor.allowedChain(ctx, chain)
        admission = governor.admit(ctx, first.model.name, spec.tokens ?? 0, ctx.source === 'api' && spec.endpoint !== 'messages.count_tokens')
      }
      let reservation: Reservation
      try {
        reservation = ledger.reserve(spec.hold(chain), spec.clientBound)
      } catch (err) {
        if (admission) governor!.release(admission)
        throw err
      }
      const metadata = spec.metadata ?? null
      ledger.begin(ctx.requestId, startedRowMaker(ctx, clock, { endpoint: spec.endpoint, requestedModel: spec.requestedModel, status: 0, metadata }))
      const run: Run<M> = { ctx, endpoint: spec.endpoint, modality: spec.modality, requestedModel: spec.requestedModel, chain, reservation, admission, attempts: [], tools: [], metadata }
      observer?.began(run)
      return run
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
      // A model with deployments is tried on each that is not resting, best first, before its fallbacks.
      const tries = balancer ? (chain.length === 1 ? balancer.expand(chain[0]!, providerRow) : chain.flatMap((t) => balancer.expand(t, providerRow))) : chain
      if (!tries.length) throw allResting(chain, balancer!, clock.now())
      for (let i = 0; i < tries.length; i++) {
        const target = tries[i]!
        const last = i === tries.length - 1
        const started = clock.now()
        const release = balancer?.start(target)
        try {
          const provider = registry.resolve(run.modality, providerConfigs(target.provider))
          const value = await call(provider, callContext(ctx, target), last, target)
          const status = statusOf(value)
          // A passthrough relays the last upstream's 429 or 5xx as it is: its deployment still rests.
          if (status === 429 || status >= 500) balancer?.coolDown(target, undefined)
          run.attempts.push(attemptOf(target, status, clock.now() - started))
          run.release = release
          const fallbacksUsed = i === 0 ? [] : [...new Set(tries.slice(0, i).filter((t) => t.model.id !== target.model.id).map((t) => t.model.name))]
          return { value, target, fallbacksUsed }
        } catch (err) {
          release?.()
          const failed = attemptOf(target, statusOfError(err, ctx), clock.now() - started)
          failed.error = (err as Error).message
          run.attempts.push(failed)
          const fallbackable = err instanceof UpstreamError && err.fallbackable && !ctx.signal.aborted
          if (fallbackable) balancer?.coolDown(target, (err as UpstreamError).headers['retry-after'])
          if (!fallbackable || last) throw err
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

    /** Whether the caller's team lets the gateway keep prompts and answers (its data policy `keep_content`). */
    keepsContent(ctx: Pick<RequestContext, 'principal'>): boolean {
      return governor?.keepsContent(ctx.principal.team.id) ?? true
    },

    /** Writes the usage row and charges the real cost in one transaction (group-committed); returns the cost in micro-credits. */
    settle(run: Run, o: Outcome): number {
      const { ctx } = run
      run.release?.()
      const { target } = o
      // What the upstream reported is checked before it is billed: see checkCharge.
      const charge = checkCharge(run.reservation.ceilingMicro, o, o.creditsMicro ?? 0)
      if (charge.anomaly) log?.warn({ requestId: ctx.requestId, model: target?.model.name ?? run.requestedModel, endpoint: run.endpoint }, `usage anomaly: ${charge.anomaly}`)
      const row = usageRow(ctx, clock.now(), {
        endpoint: run.endpoint,
        requestedModel: run.requestedModel,
        modelId: target?.model.id ?? null,
        modelName: target?.model.name ?? null,
        attempts: run.attempts,
        tools: run.tools,
        metadata: run.metadata,
        status: o.status,
        stream: o.stream,
        promptTokens: o.promptTokens,
        completionTokens: o.completionTokens,
        cachedTokens: o.cachedTokens,
        cacheCreationTokens: o.cacheCreationTokens,
        audioSeconds: o.audioSeconds,
        characters: o.characters,
        creditsMicro: charge.creditsMicro,
        usageEstimated: (o.usageEstimated ?? false) || charge.refused,
        error: o.error ?? null,
      })
      if (charge.counters) Object.assign(row, charge.counters)
      if (run.admission) {
        governor!.settle(run.admission, row.promptTokens + row.completionTokens, charge.creditsMicro)
        run.admission = null
      }
      const first = !run.reservation.settled
      ledger.settle(run.reservation, governor && !governor.keepsContent(ctx.principal.team.id) ? withoutContent(row) : row)
      if (first) observer?.settled(run, row, target)
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
      if (!this.keepsContent(ctx)) return
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
