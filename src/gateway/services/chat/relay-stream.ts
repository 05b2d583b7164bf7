import type { ChatCompletionChunk } from '../../../shared/chat/types'
import type { ChatStream } from '../../providers/contracts/chat'
import type { Pipeline, Served } from '../pipeline/pipeline'
import type { ChatService, PreparedChat } from './chat-service'
import { toLegacyChunk, wantsLegacyFunctions } from './legacy-functions'
import { pumpChatStream } from './pump-chat-stream'

/** Where a stream's events go: data-only SSE to a client. `send` waits while the client's buffer is full; `write` gives a promise to wait for only then. */
export interface SseSink {
  send(data: string): Promise<void>
  write(data: string): Promise<void> | undefined
}

const withoutUsage = ({ usage: _usage, ...rest }: ChatCompletionChunk) => rest

/**
 * Relays a chat stream as data-only SSE (spec 6): chunks as they come, then, with
 * `stream_options.include_usage`, one chunk with empty choices and the whole usage (`usage: null` on
 * all others), then `[DONE]`. A client that leaves aborts the upstream; what was used is billed.
 */
export async function relayChatStream(opts: { chat: ChatService; pipeline: Pipeline; prep: PreparedChat; opened: Served<ChatStream>; sink: SseSink }): Promise<void> {
  const { chat, pipeline, prep, opened, sink } = opts
  const includeUsage = prep.req.stream_options?.include_usage === true
  const legacy = wantsLegacyFunctions(prep.req)
  let last: ChatCompletionChunk | undefined
  // A chunk the provider could write from its upstream's own text is not serialized a second time.
  const asJson = (chunk: ChatCompletionChunk, wire: string | undefined): string => {
    if (wire !== undefined && !legacy) return includeUsage ? `${wire.slice(0, -1)},"usage":null}` : wire
    const out = legacy ? toLegacyChunk(chunk) : chunk
    return JSON.stringify(includeUsage ? { ...out, usage: null } : withoutUsage(out))
  }
  const { status, usage, cost, acc } = await pumpChatStream({
    chat,
    prep,
    opened,
    onChunk(chunk, json) {
      last = chunk
      return sink.write(asJson(chunk, json))
    },
    onError: (e) => sink.send(JSON.stringify({ error: { message: e.message, type: e.type, code: e.code, param: null } })),
  })
  if (status !== 200) return

  const modelName = opened.target.model.name
  if (includeUsage) {
    const envelope = last ?? { id: acc.id, object: 'chat.completion.chunk' as const, created: acc.created, model: modelName }
    await sink.send(JSON.stringify({ ...withoutUsage(envelope as ChatCompletionChunk), choices: [], usage: { ...usage, svc_credits_cost: cost } }))
  }
  await sink.send('[DONE]')

  if (prep.req.store) {
    const response = { id: acc.id, object: 'chat.completion', created: acc.created, model: modelName, choices: acc.messages(), usage: { ...usage, svc_credits_cost: cost } }
    pipeline.storeCompletion(prep.run, { id: acc.id, modelName, request: prep.body, response })
  }
}
