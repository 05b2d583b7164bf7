import type { ChatCompletion, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import { keptJson } from '../../kernel/json-once'
import type { ChatStream } from '../../providers/contracts/chat'
import { chatCostMicro, chatPromptCeiling, maxTokensBound, outputTokensCeiling, promptTokensCeiling } from '../credits/pricing'
import type { Pipeline, Run, Served, ServedBy, UsageEndpoint } from '../pipeline/pipeline'
import type { RequestContext } from '../pipeline/request-context'
import type { Target } from '../routing/resolve-model'
import { applyAgent } from './apply-agent'
import { parseChatRequest } from './parse-chat-request'
import { anyStepApplies, callThroughSteps, finishSteps, prepareSteps, streamSteps, streamThroughSteps, type ChatStep, type ChatStepContext, type StepCharges } from './chat-steps'
import { completeFannedOut, streamFannedOut } from './fan-out'
import { toLegacyCompletion, wantsLegacyFunctions } from './legacy-functions'
import { tokenEstimate } from '../governance/governor'

/** A chat request past validation and routing, holding its credits. */
export interface PreparedChat {
  run: Run<'chat'>
  /** The body as the client sent it, kept for `store: true`. */
  body: unknown
  req: ChatCompletionRequest
}

/** What a chat answer costs on `target`, with its usage. */
export const chatCharge = (target: Target, usage: Usage): number =>
  chatCostMicro(target.model.pricing, { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens, cached_tokens: usage.prompt_tokens_details.cached_tokens })

/**
 * `/v1/chat/completions` and batch lines through the pipeline: validate, resolve the model (name,
 * alias, UUID or agent: its settings fill what the request leaves out), hold credits, answer from
 * the first model that can, settle cost and usage, keep `store: true` completions.
 */
export function createChatService({ pipeline, steps = [] }: { pipeline: Pipeline; steps?: readonly ChatStep[] }) {
  const state = new WeakMap<PreparedChat, { state: Map<string, unknown>; charges: StepCharges }>()
  const stepContext = (prep: PreparedChat, target: Target): ChatStepContext => {
    let s = state.get(prep)
    if (!s) state.set(prep, (s = { state: new Map(), charges: { audioSeconds: 0, characters: 0, creditsMicro: 0 } }))
    return { request: prep.run.ctx, target, ...s, tools: prep.run.tools }
  }

  /** Settles a finished answer; returns its cost in micro-credits. */
  function settleAnswer(prep: PreparedChat, target: Target, usage: Usage, o: { status?: number; stream: boolean; usageEstimated?: boolean; error?: string | null }): number {
    const charges = state.get(prep)?.charges
    return pipeline.settle(prep.run, {
      target,
      status: o.status ?? 200,
      stream: o.stream,
      promptTokens: usage.prompt_tokens,
      completionTokens: usage.completion_tokens,
      cachedTokens: usage.prompt_tokens_details.cached_tokens,
      audioSeconds: charges?.audioSeconds ?? 0,
      characters: charges?.characters ?? 0,
      creditsMicro: chatCharge(target, usage) + (charges?.creditsMicro ?? 0),
      usageEstimated: o.usageEstimated ?? false,
      error: o.error ?? null,
    })
  }

  return {
    settleAnswer,

    /** `endpoint` names the front the request came in through, for its usage row (the Responses, Messages and Ollama fronts call chat too). */
    prepare(ctx: RequestContext, body: unknown, useFallbacks: boolean | undefined, endpoint: UsageEndpoint = 'chat.completions'): PreparedChat {
      let req = parseChatRequest(body)
      const label = req.model
      const { target, agent } = pipeline.resolve(ctx, label, 'chat')
      if (agent) req = parseChatRequest(applyAgent(agent, body as Record<string, unknown>))
      // The hold is what the request can cost at most, choices fanned out included.
      // Each model's share is capped at what it can really write (its context, or MAX_OUTPUT_TOKENS), whatever max_tokens asks.
      const n = req.n ?? 1
      // Kept for the upstream body, which an OpenAI-compatible provider makes of the same text (kernel/json-once.ts).
      const messagesJson = keptJson(req.messages)
      const promptCeiling = chatPromptCeiling(req, messagesJson)
      const costAtMost = (t: Target) => {
        const context = pipeline.contextTokens(t)
        return chatCostMicro(t.model.pricing, { prompt_tokens: promptTokensCeiling(promptCeiling, context) * n, completion_tokens: outputTokensCeiling(req.max_completion_tokens, context) * n })
      }
      const run = pipeline.begin(ctx, target, {
        endpoint,
        modality: 'chat',
        requestedModel: label,
        useFallbacks,
        metadata: req.metadata ?? null,
        hold: (chain) => {
          let most = -Infinity
          for (const t of chain) most = Math.max(most, costAtMost(t))
          for (const step of steps) if (step.hold) most += step.hold(req)
          return most
        },
        clientBound: req.max_completion_tokens === undefined ? undefined : maxTokensBound(req.max_completion_tokens, n),
        tokens: tokenEstimate(messagesJson.length, req.max_completion_tokens, n),
      })
      run.content = { input: req.messages }
      return { run, body, req }
    },

    /** A whole completion, billed and logged; `svc_credits_cost` is filled in. */
    async complete(prep: PreparedChat): Promise<{ completion: ChatCompletion } & ServedBy> {
      try {
        const { value: answer, target, fallbacksUsed } = await pipeline.attempt(prep.run, async (provider, ctx, _last, target) => {
          if (!anyStepApplies(steps, prep.req)) return completeFannedOut(provider, prep.req, ctx)
          const c = stepContext(prep, target)
          const answer = await callThroughSteps(steps, await prepareSteps(steps, prep.req, c), (req) => completeFannedOut(provider, req, ctx), c)
          return finishSteps(steps, answer, c)
        })
        const completion = wantsLegacyFunctions(prep.req) ? toLegacyCompletion(answer) : answer
        if (prep.run.content) prep.run.content.output = completion
        completion.usage.svc_credits_cost = settleAnswer(prep, target, completion.usage, { stream: false }) / 1e6
        if (prep.req.store) pipeline.storeCompletion(prep.run, { id: completion.id, modelName: target.model.name, request: prep.body, response: completion })
        return { completion, target, fallbacksUsed }
      } catch (err) {
        pipeline.fail(prep.run, err)
        throw err
      }
    },

    /** Opens a stream on the first model that answers; the caller relays it and settles. */
    async openStream(prep: PreparedChat): Promise<Served<ChatStream>> {
      try {
        return await pipeline.attempt(prep.run, async (provider, ctx, _last, target) => {
          if (!anyStepApplies(steps, prep.req)) return streamFannedOut(provider, prep.req, ctx)
          const c = stepContext(prep, target)
          const stream = await streamThroughSteps(steps, await prepareSteps(steps, prep.req, c), (req) => streamFannedOut(provider, req, ctx), c)
          return streamSteps(steps, stream, c)
        })
      } catch (err) {
        pipeline.fail(prep.run, err, true)
        throw err
      }
    },
  }
}

export type ChatService = ReturnType<typeof createChatService>
