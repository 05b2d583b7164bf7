import { badRequest } from '../../../shared/errors'
import type { ChatStream } from '../../providers/contracts/chat'
import type { RawUpstreamResponse } from '../../providers/contracts/messages'
import type { ChatService, PreparedChat } from '../chat/chat-service'
import { pumpChatStream } from '../chat/pump-chat-stream'
import { chatCostMicro, textTokensCeiling } from '../credits/pricing'
import type { Pipeline, Run, Served } from '../pipeline/pipeline'
import type { RequestContext } from '../pipeline/request-context'
import type { Target } from '../routing/resolve-model'
import { completionsToPivot, parseCompletionsRequest, type CompletionsRequest } from './completions-request'
import { PivotStreamToCompletions, pivotToCompletion } from './pivot-to-completion'
import { tokenEstimate } from '../governance/governor'

export interface LocalCompletions {
  r: CompletionsRequest
  chat: PreparedChat
}

export interface ForwardedCompletions {
  r: CompletionsRequest
  run: Run<'completions'>
}

export type PlannedCompletions = { local: LocalCompletions } | { forwarded: ForwardedCompletions }

type UsageCounts = { prompt_tokens: number; completion_tokens: number }

/**
 * `POST /v1/completions`: on a local model the prompt is continued raw through the chat service (its
 * credits, fallbacks and usage rows); on an OpenAI-type model the body goes to the upstream's own
 * `/completions` with the upstream's model id. Anthropic models have no legacy completions.
 */
export function createCompletionsService({ pipeline, chat }: { pipeline: Pipeline; chat: ChatService }) {
  const view = (r: CompletionsRequest) => ({ model: r.model, echo: r.echo ? r.prompt : null, wantsLogprobs: r.logprobs !== null })

  return {
    plan(ctx: RequestContext, body: unknown, useFallbacks: boolean | undefined): PlannedCompletions {
      const r = parseCompletionsRequest(body)
      const { target } = pipeline.resolve(ctx, r.model, 'chat')
      if (pipeline.serves(target, 'completions')) {
        const completionTokens = r.maxTokens * r.n
        const run = pipeline.begin(ctx, target, {
          endpoint: 'completions',
          modality: 'completions',
          requestedModel: r.model,
          useFallbacks,
          hold: (chain) => Math.max(...chain.map((t) => chatCostMicro(t.model.pricing, { prompt_tokens: textTokensCeiling(r.prompt + (r.suffix ?? '')) * r.n, completion_tokens: completionTokens }))),
          tokens: tokenEstimate((r.prompt + (r.suffix ?? '')).length * r.n, r.maxTokens, r.n),
        })
        return { forwarded: { r, run } }
      }
      if (target.provider.type !== 'local') {
        throw badRequest(`The model "${target.model.name}" runs on an ${target.provider.type} provider, which has no legacy completions; use /v1/chat/completions or /v1/messages for it.`, 'model', 'model_not_supported')
      }
      const prep = chat.prepare(ctx, completionsToPivot(r), useFallbacks, 'completions')
      prep.req.raw_prompt = true
      return { local: { r, chat: prep } }
    },

    async completeLocal(p: LocalCompletions) {
      const { completion, ...served } = await chat.complete(p.chat)
      return { body: pivotToCompletion(completion, view(p.r)), served }
    },

    openLocalStream: (p: LocalCompletions) => chat.openStream(p.chat),

    /** Data-only SSE of text_completion chunks, a usage chunk when asked for, then [DONE]. */
    async relayLocal(p: LocalCompletions, opened: Served<ChatStream>, send: (data: string) => Promise<void>): Promise<void> {
      const out = new PivotStreamToCompletions(view(p.r))
      const { status, usage, cost, acc } = await pumpChatStream({
        chat,
        prep: p.chat,
        opened,
        onChunk: async (chunk) => {
          for (const c of out.push(chunk)) await send(JSON.stringify(c))
        },
        onError: (e) => send(JSON.stringify({ error: { message: e.message, type: e.type, code: e.code, param: null } })),
      })
      if (status !== 200) return
      if ((p.r.body.stream_options as { include_usage?: boolean } | undefined)?.include_usage) {
        await send(JSON.stringify({ id: `cmpl-${acc.id.replace(/^chatcmpl-/, '')}`, object: 'text_completion', created: acc.created, model: p.r.model, choices: [], usage: { ...usage, svc_credits_cost: cost } }))
      }
      await send('[DONE]')
    },

    /** The body as the client sent it, with the upstream's model id (and usage asked for on a stream, to bill it). */
    async forward(p: ForwardedCompletions): Promise<Served<RawUpstreamResponse>> {
      try {
        return await pipeline.attempt(p.run, (provider, ctx) => {
          const body: Record<string, unknown> = { ...p.r.body, model: ctx.model.upstream }
          if (p.r.stream) body.stream_options = { ...(p.r.body.stream_options as object | undefined), include_usage: true }
          return provider.send(JSON.stringify(body), ctx)
        })
      } catch (err) {
        pipeline.fail(p.run, err, p.r.stream)
        throw err
      }
    },

    /** A forwarded answer: JSON read whole and billed; SSE relayed as it comes, its usage chunk read on the way past. */
    async relayForwarded(p: ForwardedCompletions, served: Served<RawUpstreamResponse>, write: (chunk: Buffer | string) => Promise<void>): Promise<{ json?: unknown }> {
      const res = served.value
      if (!p.r.stream) {
        const json = (await res.body.json()) as { usage?: UsageCounts; choices?: Array<{ text?: string }> }
        const cost = this.settleForwarded(p, served.target, json.usage ?? null, { status: res.status, error: null, completionChars: (json.choices ?? []).reduce((n, c) => n + (c.text?.length ?? 0), 0) })
        if (json.usage) Object.assign(json.usage, { svc_credits_cost: cost })
        return { json }
      }
      let pending = ''
      let usage: UsageCounts | null = null
      let chars = 0
      let error: string | null = null
      try {
        for await (const chunk of res.body) {
          await write(chunk)
          pending += chunk.toString('utf8')
          const lines = pending.split('\n')
          pending = lines.pop() ?? ''
          for (const line of lines) {
            if (!line.startsWith('data: ') || line === 'data: [DONE]') continue
            const data = JSON.parse(line.slice(6)) as { usage?: UsageCounts | null; choices?: Array<{ text?: string }> }
            if (data.usage) usage = data.usage
            for (const c of data.choices ?? []) chars += c.text?.length ?? 0
          }
        }
      } catch (err) {
        error = (err as Error).message
      }
      this.settleForwarded(p, served.target, usage, { status: error ? (p.run.ctx.signal.aborted ? 499 : 502) : 200, error, completionChars: chars })
      return {}
    },

    /** Bills what the upstream reported (an estimate when it reported nothing); returns the cost in credits. */
    settleForwarded(p: ForwardedCompletions, target: Target, usage: UsageCounts | null, o: { status: number; error: string | null; completionChars?: number }): number {
      const counts = usage ?? { prompt_tokens: Math.ceil(p.r.prompt.length / 4), completion_tokens: Math.ceil((o.completionChars ?? 0) / 4) }
      return (
        pipeline.settle(p.run, {
          target,
          status: o.status,
          stream: p.r.stream,
          promptTokens: counts.prompt_tokens,
          completionTokens: counts.completion_tokens,
          creditsMicro: chatCostMicro(target.model.pricing, counts),
          usageEstimated: usage === null,
          error: o.error,
        }) / 1e6
      )
    },
  }
}

export type CompletionsService = ReturnType<typeof createCompletionsService>
