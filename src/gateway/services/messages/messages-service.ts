import type { RawUpstreamResponse } from '../../providers/contracts/messages'
import { requireEventStream } from '../../providers/upstream/sse-stream'
import { UpstreamError } from '../../providers/upstream/upstream-error'
import { isGatewayError, notFound } from '../../../shared/errors'
import type { ChatService, PreparedChat } from '../chat/chat-service'
import { estimateTokens, HIDDEN_PROMPT_TOKENS, maxTokensBound, messagesCeilingMicro, messagesCostMicro, outputTokensCeiling, promptTokensCeiling, TOOL_RESULTS_ALLOWANCE_TOKENS } from '../credits/pricing'
import type { Pipeline, Run, Served } from '../pipeline/pipeline'
import type { RequestContext } from '../pipeline/request-context'
import type { Target } from '../routing/resolve-model'
import type { AnthropicUsage } from './anthropic-usage'
import { inspectMessagesBody, type InspectedMessagesBody } from './inspect-messages-body'
import { messagesToPivot } from './messages-to-pivot'
import { invalidField, isJsonObject } from './request-field-checks'
import { spliceModel } from './splice-model'
import { tokenEstimate } from '../governance/governor'

export interface PreparedMessages {
  run: Run<'messages'>
  raw: Buffer
  inspected: InspectedMessagesBody
}

/** A /v1/messages request for a model that does not speak Messages: the pivot request, through the chat service. */
export interface TranslatedMessages {
  chat: PreparedChat
  /** The model as the client named it, echoed in the answer as Anthropic does. */
  model: string
}

export type PlannedMessages = { passthrough: PreparedMessages } | { translated: TranslatedMessages }

/** Anthropic answers an unknown model with 404 not_found_error; Claude Code and the SDK rely on it. */
function resolveAsAnthropic(pipeline: Pipeline, ctx: RequestContext, label: string) {
  try {
    return pipeline.resolve(ctx, label, 'chat')
  } catch (err) {
    if (isGatewayError(err) && err.code === 'model_not_found') throw notFound(err.message, 'model_not_found', 'model')
    throw err
  }
}

/** `count_tokens` for a model without a tokenizer the gateway can reach: the gateway's byte estimate. */
const estimatedCount = (body: Record<string, unknown>) => estimateTokens(JSON.stringify([body.system ?? '', body.messages, body.tools ?? []]))

/** A 429 or 5xx answer while another model may still serve: tried again there, its status kept in the attempt. */
export const retryElsewhere = (modelName: string, status: number) =>
  new UpstreamError({
    status,
    type: status === 429 ? 'rate_limit_error' : 'upstream_error',
    code: 'upstream_status',
    message: `The model "${modelName}" answered ${status}; the next model was tried.`,
    fallbackable: true,
    upstreamStatus: status,
  })

const flatHeaders = (clientHeaders: Record<string, string | string[] | undefined>) => {
  const headers: Record<string, string> = {}
  for (const [name, v] of Object.entries(clientHeaders)) if (v !== undefined) headers[name] = Array.isArray(v) ? v.join(',') : v
  return headers
}

/**
 * An `mcp` tool entry needs the gateway's tool loop, which runs on the chat pivot: an Anthropic model's
 * body goes upstream untouched, so the entry would reach Anthropic, which does not know it.
 */
function refuseMcpTools(tools: unknown): void {
  if (!Array.isArray(tools)) return
  const i = tools.findIndex((t) => isJsonObject(t) && t.type === 'mcp')
  if (i >= 0) {
    throw invalidField(
      `tools.${i}`,
      'is an MCP tool, which the gateway runs only for models it translates: this Anthropic model gets the body as sent. Pick a model of another provider type, or send the request to /v1/chat/completions or /v1/responses',
    )
  }
}

/**
 * /v1/messages: a byte-faithful passthrough to Anthropic through the pipeline. The body is validated
 * but never rewritten; only the model value is spliced when the name the client used is not the
 * upstream id. The last model's answer, whatever its status, is the client's.
 */
export function createMessagesService({ pipeline, chat }: { pipeline: Pipeline; chat: ChatService }) {
  return {
    /**
     * Anthropic-type models get the body as sent (passthrough); every other chat model gets it
     * translated to the pivot and answered by the chat service, so credits, fallbacks and usage
     * rows are chat's.
     */
    plan(ctx: RequestContext, raw: Buffer, useFallbacks: boolean | undefined): PlannedMessages {
      const inspected = inspectMessagesBody(raw)
      const { target } = resolveAsAnthropic(pipeline, ctx, inspected.model)
      if (pipeline.serves(target, 'messages')) {
        refuseMcpTools(inspected.body.tools)
        return { passthrough: this.prepare(ctx, raw, useFallbacks, inspected) }
      }
      const pivot = messagesToPivot(inspected.body, { reasons: target.model.options.reasoning === true })
      return { translated: { chat: chat.prepare(ctx, pivot, useFallbacks, 'messages'), model: inspected.model } }
    },

    prepare(ctx: RequestContext, raw: Buffer, useFallbacks: boolean | undefined, inspected = inspectMessagesBody(raw)): PreparedMessages {
      const { target } = pipeline.resolve(ctx, inspected.model, 'messages')
      // The most it can cost: a token is at least a byte of the body (plus what the provider adds
      // unseen), server tools' results join the prompt, and max_tokens bounds the answer.
      const promptCeiling = raw.length + HIDDEN_PROMPT_TOKENS + inspected.serverTools * TOOL_RESULTS_ALLOWANCE_TOKENS
      const run = pipeline.begin(ctx, target, {
        endpoint: 'messages',
        modality: 'messages',
        requestedModel: inspected.model,
        useFallbacks,
        hold: (chain) =>
          Math.max(...chain.map((t) => messagesCeilingMicro(t.model.pricing, promptTokensCeiling(promptCeiling, pipeline.contextTokens(t)), outputTokensCeiling(inspected.maxTokens, pipeline.contextTokens(t))))),
        clientBound: maxTokensBound(inspected.maxTokens),
        tokens: tokenEstimate(raw.length, inspected.maxTokens),
      })
      return { run, raw, inspected }
    },

    /** Sends to the first model that answers; 429, 5xx and connection failures move to the next Anthropic model. */
    async forward(prep: PreparedMessages, clientHeaders: Record<string, string | string[] | undefined>): Promise<Served<RawUpstreamResponse>> {
      const headers = flatHeaders(clientHeaders)
      const { raw, inspected } = prep
      try {
        return await pipeline.attempt(
          prep.run,
          async (provider, ctx, last, target) => {
            const body = ctx.model.upstream === inspected.model ? raw : spliceModel(raw, inspected.modelValueSpan, ctx.model.upstream)
            const res = await provider.send(body, headers, ctx)
            if ((res.status === 429 || res.status >= 500) && !last && !ctx.signal.aborted) {
              res.body.destroy()
              throw retryElsewhere(ctx.model.name, res.status)
            }
            // A stream asked for and a success that is not one (an HTML page, a JSON body): never relayed as the answer.
            if (inspected.stream && res.status < 300) await requireEventStream(target.provider.id, res)
            return res
          },
          (res) => res.status,
        )
      } catch (err) {
        pipeline.fail(prep.run, err, inspected.stream)
        throw err
      }
    },

    /**
     * `/v1/messages/count_tokens`: the same body minus `max_tokens`, forwarded to the model's provider
     * (the model spliced as for messages) and its answer relayed as it is. Counting is free and logged;
     * it never falls back, since another model's count would not be this one's.
     */
    async countTokens(ctx: RequestContext, raw: Buffer, clientHeaders: Record<string, string | string[] | undefined>): Promise<Served<RawUpstreamResponse> | { estimate: number }> {
      const inspected = inspectMessagesBody(raw, { counting: true })
      const resolved = resolveAsAnthropic(pipeline, ctx, inspected.model)
      if (!pipeline.serves(resolved.target, 'tokenCount')) {
        const run = pipeline.begin(ctx, resolved.target, { endpoint: 'messages.count_tokens', modality: 'chat', requestedModel: inspected.model, useFallbacks: false, hold: () => 0 })
        pipeline.settle(run, { target: resolved.target, status: 200, usageEstimated: true, error: null })
        return { estimate: estimatedCount(inspected.body) }
      }
      const { target } = resolved
      const run = pipeline.begin(ctx, target, { endpoint: 'messages.count_tokens', modality: 'tokenCount', requestedModel: inspected.model, useFallbacks: false, hold: () => 0 })
      try {
        const served = await pipeline.attempt(
          run,
          (counter, callCtx) => counter.count(callCtx.model.upstream === inspected.model ? raw : spliceModel(raw, inspected.modelValueSpan, callCtx.model.upstream), flatHeaders(clientHeaders), callCtx),
          (res) => res.status,
        )
        const res = served.value
        pipeline.settle(run, { target: served.target, status: res.status, error: res.status >= 400 ? `upstream status ${res.status}` : null })
        return served
      } catch (err) {
        pipeline.fail(run, err)
        throw err
      }
    },

    /** Bills what the reply used (read from its JSON or its events) and logs the request. */
    settle(prep: PreparedMessages, s: { target: Target; status: number; usage: AnthropicUsage | null; error: string | null }): void {
      const u = s.usage
      pipeline.settle(prep.run, {
        target: s.target,
        status: s.status,
        stream: prep.inspected.stream,
        promptTokens: u ? u.inputTokens + u.cacheReadInputTokens + u.cacheCreationInputTokens : 0,
        completionTokens: u?.outputTokens ?? 0,
        cachedTokens: u?.cacheReadInputTokens ?? 0,
        cacheCreationTokens: u?.cacheCreationInputTokens ?? 0,
        creditsMicro: u ? messagesCostMicro(s.target.model.pricing, u) : 0,
        error: s.error,
      })
    },
  }
}

export type MessagesService = ReturnType<typeof createMessagesService>
