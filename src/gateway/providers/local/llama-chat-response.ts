/** The llama engine's results and events in the exact shapes of spec 2.3 and 6. */
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionChunkChoice, ChoiceLogprobs, TokenLogprob, Usage } from '../../../shared/chat/types'
import type { LlamaChatEvent, LlamaChatResult, LlamaTokenLogprob } from '../../engines/llama/llama-protocol'
import { normalizeUsage, reportedTier } from '../openai/openai-wire'
import type { ServiceTier } from '../../../shared/chat/types'

export interface ReplyShape {
  id: string
  created: number
  modelName: string
  fingerprint: string
  requestedTier?: ServiceTier
  /** A fresh id for a tool call ("call_..."). */
  callId: () => string
}

const toTokenLogprob = (lp: LlamaTokenLogprob): TokenLogprob => ({
  token: lp.token,
  logprob: lp.logprob,
  bytes: lp.bytes,
  top_logprobs: lp.top.map((t) => ({ token: t.token, logprob: t.logprob, bytes: t.bytes })),
})

const logprobsOf = (lps: LlamaTokenLogprob[] | null): ChoiceLogprobs => ({ content: lps ? lps.map(toTokenLogprob) : null, refusal: null })

export const usageOf = (result: LlamaChatResult): Usage =>
  normalizeUsage({
    prompt_tokens: result.promptTokens,
    completion_tokens: result.completionTokens,
    prompt_tokens_details: { audio_tokens: 0, cached_tokens: result.cachedTokens },
  })

const envelope = (shape: ReplyShape) => {
  const tier = reportedTier(shape.requestedTier, undefined)
  return { id: shape.id, created: shape.created, model: shape.modelName, ...(tier ? { service_tier: tier } : {}), system_fingerprint: shape.fingerprint }
}

export function toCompletion(result: LlamaChatResult, shape: ReplyShape): ChatCompletion {
  return {
    ...envelope(shape),
    object: 'chat.completion',
    choices: result.choices.map((c) => ({
      index: c.index,
      message: {
        role: 'assistant',
        content: c.toolCalls.length > 0 && !c.text ? null : c.text,
        refusal: null,
        ...(c.toolCalls.length > 0 ? { tool_calls: c.toolCalls.map((t) => ({ id: shape.callId(), type: 'function' as const, function: t })) } : {}),
      },
      finish_reason: c.finishReason,
      logprobs: logprobsOf(c.logprobs),
    })),
    usage: usageOf(result),
  }
}

/** Turns engine events into chunks; the first chunk of each choice carries the role. */
export class ChunkMaker {
  private readonly started = new Set<number>()

  constructor(
    private readonly shape: ReplyShape,
    private readonly withLogprobs: boolean,
  ) {}

  chunks(event: LlamaChatEvent): ChatCompletionChunk[] {
    const out: ChatCompletionChunk[] = []
    if (!this.started.has(event.choice)) {
      this.started.add(event.choice)
      out.push(this.chunk({ index: event.choice, delta: { role: 'assistant', content: '', refusal: null }, finish_reason: null, logprobs: null }))
    }
    if (event.type === 'text') {
      if (!event.text && !(event.logprobs && event.logprobs.length)) return out
      const logprobs = this.withLogprobs ? logprobsOf(event.logprobs ?? []) : null
      out.push(this.chunk({ index: event.choice, delta: { content: event.text }, finish_reason: null, logprobs }))
    } else if (event.type === 'tool_call') {
      const call = { index: event.index, id: this.shape.callId(), type: 'function' as const, function: { name: event.name, arguments: event.arguments } }
      out.push(this.chunk({ index: event.choice, delta: { tool_calls: [call] }, finish_reason: null, logprobs: null }))
    } else {
      out.push(this.chunk({ index: event.choice, delta: {}, finish_reason: event.reason, logprobs: null }))
    }
    return out
  }

  private chunk(choice: ChatCompletionChunkChoice): ChatCompletionChunk {
    return { ...envelope(this.shape), object: 'chat.completion.chunk', choices: [choice], usage: null }
  }
}
