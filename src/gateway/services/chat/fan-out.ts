import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import type { ChatProvider, ChatStream } from '../../providers/contracts/chat'
import type { CallContext } from '../../providers/contracts/provider-config'

export function addUsage(a: Usage, b: Usage): Usage {
  const sum = (x: number, y: number) => x + y
  return {
    prompt_tokens: sum(a.prompt_tokens, b.prompt_tokens),
    completion_tokens: sum(a.completion_tokens, b.completion_tokens),
    total_tokens: sum(a.total_tokens, b.total_tokens),
    completion_tokens_details: {
      accepted_prediction_tokens: sum(a.completion_tokens_details.accepted_prediction_tokens, b.completion_tokens_details.accepted_prediction_tokens),
      audio_tokens: sum(a.completion_tokens_details.audio_tokens, b.completion_tokens_details.audio_tokens),
      reasoning_tokens: sum(a.completion_tokens_details.reasoning_tokens, b.completion_tokens_details.reasoning_tokens),
      rejected_prediction_tokens: sum(a.completion_tokens_details.rejected_prediction_tokens, b.completion_tokens_details.rejected_prediction_tokens),
    },
    prompt_tokens_details: {
      audio_tokens: sum(a.prompt_tokens_details.audio_tokens, b.prompt_tokens_details.audio_tokens),
      cached_tokens: sum(a.prompt_tokens_details.cached_tokens, b.prompt_tokens_details.cached_tokens),
    },
  }
}

const single = (req: ChatCompletionRequest): ChatCompletionRequest => ({ ...req, n: 1 })

/** `n` > 1 on a provider without `n`: n requests at once, merged into one completion with indexed choices. */
export async function completeFannedOut(provider: ChatProvider, req: ChatCompletionRequest, ctx: CallContext): Promise<ChatCompletion> {
  const n = req.n ?? 1
  if (provider.supportsN || n === 1) return provider.complete(req, ctx)
  const parts = await Promise.all(Array.from({ length: n }, () => provider.complete(single(req), ctx)))
  const first = parts[0]!
  return {
    ...first,
    choices: parts.map((p, i) => ({ ...p.choices[0]!, index: i })),
    usage: parts.slice(1).reduce((u, p) => addUsage(u, p.usage), first.usage),
  }
}

/** The streamed form: n upstream streams interleaved as they produce, each chunk's choice renumbered. */
export async function streamFannedOut(provider: ChatProvider, req: ChatCompletionRequest, ctx: CallContext): Promise<ChatStream> {
  const n = req.n ?? 1
  if (provider.supportsN || n === 1) return provider.stream(req, ctx)
  const streams = await Promise.all(Array.from({ length: n }, () => provider.stream(single(req), ctx)))
  const iterators = streams.map((s) => s[Symbol.asyncIterator]())
  async function* merged(): AsyncGenerator<ChatCompletionChunk> {
    const next = (i: number) => iterators[i]!.next().then((r) => ({ i, r }))
    const pending = new Map(iterators.map((_, i) => [i, next(i)]))
    let id = ''
    while (pending.size) {
      const { i, r } = await Promise.race(pending.values())
      if (r.done) {
        pending.delete(i)
        continue
      }
      pending.set(i, next(i))
      id ||= r.value.id
      if (r.value.choices.length) yield { ...r.value, id, choices: r.value.choices.map((c) => ({ ...c, index: i })) }
    }
  }
  const iterator = merged()
  return {
    [Symbol.asyncIterator]: () => iterator,
    reportedUsage: () => {
      const all = streams.map((s) => s.reportedUsage())
      return all.every((u) => u !== null) ? all.slice(1).reduce((a, u) => addUsage(a!, u!), all[0]!) : null
    },
  }
}
