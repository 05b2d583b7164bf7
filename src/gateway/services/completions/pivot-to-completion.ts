/**
 * Legacy completions front, answer side: pivot completions and chunks as `text_completion` objects.
 * Chat logprobs become the legacy form (tokens, token_logprobs, top_logprobs as {token: logprob},
 * text_offset counted from the start of the returned text, the echoed prompt included).
 */
import type { ChatCompletion, ChatCompletionChunk, ChoiceLogprobs, FinishReason } from '../../../shared/chat/types'

export interface LegacyLogprobs {
  tokens: string[]
  token_logprobs: number[]
  top_logprobs: Array<Record<string, number>>
  text_offset: number[]
}

const completionId = (pivotId: string) => `cmpl-${pivotId.replace(/^chatcmpl-/, '')}`
const legacyFinish = (r: FinishReason | null) => (r === null ? null : r === 'length' ? 'length' : 'stop')

export function legacyLogprobs(lp: ChoiceLogprobs | null | undefined, startOffset: number): LegacyLogprobs | null {
  if (!lp?.content) return null
  let offset = startOffset
  const out: LegacyLogprobs = { tokens: [], token_logprobs: [], top_logprobs: [], text_offset: [] }
  for (const t of lp.content) {
    out.tokens.push(t.token)
    out.token_logprobs.push(t.logprob)
    out.top_logprobs.push(Object.fromEntries(t.top_logprobs.map((x) => [x.token, x.logprob])))
    out.text_offset.push(offset)
    offset += t.token.length
  }
  return out
}

export function pivotToCompletion(c: ChatCompletion, opts: { model: string; echo: string | null; wantsLogprobs: boolean }) {
  const prefix = opts.echo ?? ''
  return {
    id: completionId(c.id),
    object: 'text_completion' as const,
    created: c.created,
    model: opts.model,
    choices: c.choices.map((ch) => ({
      text: prefix + (ch.message.content ?? ''),
      index: ch.index,
      logprobs: opts.wantsLogprobs ? legacyLogprobs(ch.logprobs, prefix.length) : null,
      finish_reason: legacyFinish(ch.finish_reason),
    })),
    usage: c.usage,
  }
}

/** One stream chunk as `text_completion` chunks; the echoed prompt leads each choice's first chunk. */
export class PivotStreamToCompletions {
  private readonly echoed = new Set<number>()
  private readonly offsets = new Map<number, number>()

  constructor(private readonly opts: { model: string; echo: string | null; wantsLogprobs: boolean }) {}

  push(chunk: ChatCompletionChunk) {
    return chunk.choices.flatMap((ch) => {
      let text = ch.delta.content ?? ''
      if (this.opts.echo !== null && !this.echoed.has(ch.index)) {
        this.echoed.add(ch.index)
        text = this.opts.echo + text
      }
      if (text === '' && ch.finish_reason === null) return []
      const offset = this.offsets.get(ch.index) ?? 0
      this.offsets.set(ch.index, offset + text.length)
      const logprobs = this.opts.wantsLogprobs ? legacyLogprobs(ch.logprobs ?? null, offset + (this.opts.echo !== null && offset === 0 ? this.opts.echo.length : 0)) : null
      return [{ id: completionId(chunk.id), object: 'text_completion' as const, created: chunk.created, model: this.opts.model, choices: [{ text, index: ch.index, logprobs, finish_reason: legacyFinish(ch.finish_reason) }] }]
    })
  }
}
