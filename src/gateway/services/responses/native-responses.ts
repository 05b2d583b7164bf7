import type { RawUpstreamResponse } from '../../providers/contracts/messages'
import { requireEventStream } from '../../providers/upstream/sse-stream'
import { chatCostMicro, HIDDEN_PROMPT_TOKENS, maxTokensBound, outputTokensCeiling, TOOL_RESULTS_ALLOWANCE_TOKENS } from '../credits/pricing'
import { locateTopLevelValue, type ByteSpan } from '../messages/locate-top-level-value'
import { retryElsewhere } from '../messages/messages-service'
import { spliceModel } from '../messages/splice-model'
import type { Pipeline, Run, Served } from '../pipeline/pipeline'
import { relayBytes, type ByteSink } from '../pipeline/relay-bytes'
import type { RequestContext } from '../pipeline/request-context'
import { createResponsesSseUsageObserver, usageOfResponseBody, type NativeResponsesUsage } from './native-usage'
import { tokenEstimate } from '../governance/governor'

/** A /v1/responses request for a model whose provider has the Responses API: forwarded as bytes. */
export interface PreparedNativeResponse {
  run: Run<'responses'>
  raw: Buffer
  model: string
  /** Where the top-level `model` string literal sits in `raw`, for splicing the upstream's name. */
  modelSpan: ByteSpan
  stream: boolean
}

/**
 * What a conversation the upstream keeps (`previous_response_id`, `conversation`) can add to the prompt
 * unseen by the gateway: the largest context an OpenAI model takes, so the hold covers it.
 */
const UPSTREAM_CONTEXT_TOKENS = 1_048_576

/**
 * `/v1/responses` passed through to a provider with `responses: native`: the body goes upstream as the
 * client wrote it (only the model name spliced), the reply comes back byte for byte, JSON or SSE, and
 * its `usage` is billed. Such responses live upstream: the gateway keeps none of them, so
 * `previous_response_id` passes through as well.
 */
export function createNativeResponses(pipeline: Pipeline) {
  return {
    /** The prepared passthrough when the model's provider serves Responses natively; null for the pivot path (which also words every refusal). */
    plan(ctx: RequestContext, raw: Buffer, body: Record<string, unknown>, useFallbacks: boolean | undefined): PreparedNativeResponse | null {
      const model = body.model
      if (typeof model !== 'string' || !pipeline.anyProviderServes('responses')) return null
      let target
      try {
        target = pipeline.resolve(ctx, model, 'chat').target
      } catch {
        return null
      }
      if (!pipeline.serves(target, 'responses')) return null
      const modelSpan = locateTopLevelValue(raw, 'model')
      if (!modelSpan) return null
      const maxOutput = typeof body.max_output_tokens === 'number' ? body.max_output_tokens : undefined
      const upstreamContext = body.previous_response_id != null || body.conversation != null
      const promptCeiling = raw.length + HIDDEN_PROMPT_TOKENS + (Array.isArray(body.tools) && body.tools.length ? TOOL_RESULTS_ALLOWANCE_TOKENS : 0) + (upstreamContext ? UPSTREAM_CONTEXT_TOKENS : 0)
      const run = pipeline.begin(ctx, target, {
        endpoint: 'responses',
        modality: 'responses',
        requestedModel: model,
        useFallbacks,
        metadata: isStringRecord(body.metadata) ? body.metadata : undefined,
        hold: (chain) => Math.max(...chain.map((t) => chatCostMicro(t.model.pricing, { prompt_tokens: promptCeiling, completion_tokens: outputTokensCeiling(maxOutput, null) }))),
        clientBound: maxOutput === undefined ? undefined : maxTokensBound(maxOutput).replaceAll('max_tokens', 'max_output_tokens'),
        tokens: tokenEstimate(raw.length, maxOutput),
      })
      return { run, raw, model, modelSpan, stream: body.stream === true }
    },

    /** Sends to the first native model that answers; 429, 5xx and connection failures before the first byte move to the next. */
    async forward(prep: PreparedNativeResponse): Promise<Served<RawUpstreamResponse>> {
      try {
        return await pipeline.attempt(
          prep.run,
          async (provider, ctx, last, target) => {
            const body = ctx.model.upstream === prep.model ? prep.raw : spliceModel(prep.raw, prep.modelSpan, ctx.model.upstream)
            const res = await provider.send(body, ctx)
            if ((res.status === 429 || res.status >= 500) && !last && !ctx.signal.aborted) {
              res.body.destroy()
              throw retryElsewhere(ctx.model.name, res.status)
            }
            if (prep.stream && res.status < 300) await requireEventStream(target.provider.id, res)
            return res
          },
          (res) => res.status,
        )
      } catch (err) {
        pipeline.fail(prep.run, err, prep.stream)
        throw err
      }
    },

    /** Relays the reply as it came and bills what it reported (what a stream reported before the client left, if it left). */
    async relay(prep: PreparedNativeResponse, forwarded: Served<RawUpstreamResponse>, sink: ByteSink): Promise<void> {
      const { value: res, target } = forwarded
      const observer = String(res.headers['content-type'] ?? '').startsWith('text/event-stream') ? createResponsesSseUsageObserver() : null
      const relayed = await relayBytes(res, prep.run.ctx.signal, sink, observer && ((chunk) => observer.observe(chunk)))
      const state = observer?.state()
      const usage: NativeResponsesUsage | null = state ? state.usage : res.status < 400 && relayed.body ? usageOfResponseBody(relayed.body) : null
      const error = relayed.error ?? state?.error ?? (res.status >= 400 ? `upstream status ${res.status}` : null)
      pipeline.settle(prep.run, {
        target,
        status: relayed.status,
        stream: prep.stream,
        promptTokens: usage?.inputTokens ?? 0,
        completionTokens: usage?.outputTokens ?? 0,
        cachedTokens: usage?.cachedTokens ?? 0,
        creditsMicro: usage ? chatCostMicro(target.model.pricing, { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, cached_tokens: usage.cachedTokens }) : 0,
        error,
      })
    },
  }
}

const isStringRecord = (v: unknown): v is Record<string, string> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')

export type NativeResponses = ReturnType<typeof createNativeResponses>
