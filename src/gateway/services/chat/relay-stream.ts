import type { ChatCompletionChunk, Usage } from '../../../shared/chat/types'
import { isGatewayError } from '../../../shared/errors'
import { normalizeUsage } from '../../providers/openai/openai-wire'
import type { ChatStream } from '../../providers/types-chat'
import type { Store } from '../../store/store'
import { estimateTokens } from '../credits/pricing'
import type { ChatContext, PreparedChat } from './chat-context'
import type { ChatService, Served } from './chat-service'
import { ChunkAccumulator } from './chunk-accumulator'
import { toLegacyChunk, wantsLegacyFunctions } from './legacy-functions'

/** Where a stream's events go: data-only SSE to a client. `send` waits while the client's buffer is full. */
export interface SseSink {
  send(data: string): Promise<void>
}

const withoutUsage = ({ usage: _usage, ...rest }: ChatCompletionChunk) => rest

/**
 * Relays a chat stream as data-only SSE (spec 6): chunks as they come, then, with
 * `stream_options.include_usage`, one chunk with empty choices and the whole usage (`usage: null` on
 * all others), then `[DONE]`. A client that leaves aborts the upstream; what was used is billed.
 */
export async function relayChatStream(opts: {
  chat: ChatService
  store: Store
  ctx: ChatContext
  prep: PreparedChat
  opened: { stream: ChatStream } & Served
  sink: SseSink
}): Promise<void> {
  const { chat, store, ctx, prep, opened, sink } = opts
  const includeUsage = prep.req.stream_options?.include_usage === true
  const legacy = wantsLegacyFunctions(prep.req)
  const acc = new ChunkAccumulator()
  let last: ChatCompletionChunk | undefined
  let status = 200
  let error: string | null = null
  try {
    for await (const chunk of opened.stream) {
      if (chunk.choices.length === 0) continue // the upstream's own usage chunk: ours is sent at the end
      acc.add(chunk)
      last = chunk
      const out = legacy ? toLegacyChunk(chunk) : chunk
      await sink.send(JSON.stringify(includeUsage ? { ...out, usage: null } : withoutUsage(out)))
    }
  } catch (err) {
    if (ctx.signal.aborted) {
      status = 499
      error = 'The client closed the connection before the stream ended.'
    } else {
      status = isGatewayError(err) ? err.status : 502
      error = (err as Error).message
      const e = isGatewayError(err) ? err : { message: error, type: 'upstream_error', code: 'upstream_stream_error' }
      await sink.send(JSON.stringify({ error: { message: e.message, type: e.type, code: e.code, param: null } }))
    }
  }
  if (ctx.signal.aborted && status === 200) {
    status = 499
    error = 'The client closed the connection before the stream ended.'
  }

  const reported = opened.stream.reportedUsage()
  const usage: Usage = reported ?? normalizeUsage({ prompt_tokens: estimateTokens(JSON.stringify(prep.req.messages)), completion_tokens: acc.deltaCount() })
  const micro = chat.settle(ctx, prep, { target: opened.target, status, stream: true, usage, usageEstimated: reported === null, error })
  if (status !== 200) return

  if (includeUsage) {
    const envelope = last ?? { id: acc.id, object: 'chat.completion.chunk' as const, created: acc.created, model: opened.target.model.name }
    await sink.send(JSON.stringify({ ...withoutUsage(envelope as ChatCompletionChunk), choices: [], usage: { ...usage, svc_credits_cost: micro / 1e6 } }))
  }
  await sink.send('[DONE]')

  if (prep.req.store) {
    store.completions.insert({
      id: acc.id,
      usageId: ctx.requestId,
      createdAt: ctx.startedAt,
      teamId: ctx.principal.team.id,
      modelName: opened.target.model.name,
      request: prep.body,
      response: { id: acc.id, object: 'chat.completion', created: acc.created, model: opened.target.model.name, choices: acc.messages(), usage: { ...usage, svc_credits_cost: micro / 1e6 } },
      metadata: prep.req.metadata ?? {},
    })
  }
}
