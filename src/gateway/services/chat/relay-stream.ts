import type { ChatCompletionChunk, Usage } from '../../../shared/chat/types'
import { isGatewayError } from '../../../shared/errors'
import type { ChatStream } from '../../providers/contracts/chat'
import { normalizeUsage } from '../../providers/openai/openai-wire'
import { estimateTokens } from '../credits/pricing'
import type { Pipeline, Served } from '../pipeline/pipeline'
import type { ChatService, PreparedChat } from './chat-service'
import { ChunkAccumulator } from './chunk-accumulator'
import { toLegacyChunk, wantsLegacyFunctions } from './legacy-functions'

/** Where a stream's events go: data-only SSE to a client. `send` waits while the client's buffer is full. */
export interface SseSink {
  send(data: string): Promise<void>
}

const withoutUsage = ({ usage: _usage, ...rest }: ChatCompletionChunk) => rest
const CLIENT_LEFT = 'The client closed the connection before the stream ended.'

/**
 * Relays a chat stream as data-only SSE (spec 6): chunks as they come, then, with
 * `stream_options.include_usage`, one chunk with empty choices and the whole usage (`usage: null` on
 * all others), then `[DONE]`. A client that leaves aborts the upstream; what was used is billed.
 */
export async function relayChatStream(opts: { chat: ChatService; pipeline: Pipeline; prep: PreparedChat; opened: Served<ChatStream>; sink: SseSink }): Promise<void> {
  const { chat, pipeline, prep, opened, sink } = opts
  const { signal } = prep.run.ctx
  const includeUsage = prep.req.stream_options?.include_usage === true
  const legacy = wantsLegacyFunctions(prep.req)
  const acc = new ChunkAccumulator()
  let last: ChatCompletionChunk | undefined
  let status = 200
  let error: string | null = null
  try {
    for await (const chunk of opened.value) {
      if (chunk.choices.length === 0) continue // the upstream's own usage chunk: ours is sent at the end
      acc.add(chunk)
      last = chunk
      const out = legacy ? toLegacyChunk(chunk) : chunk
      await sink.send(JSON.stringify(includeUsage ? { ...out, usage: null } : withoutUsage(out)))
    }
  } catch (err) {
    if (signal.aborted) {
      status = 499
      error = CLIENT_LEFT
    } else {
      status = isGatewayError(err) ? err.status : 502
      error = (err as Error).message
      const e = isGatewayError(err) ? err : { message: error, type: 'upstream_error', code: 'upstream_stream_error' }
      await sink.send(JSON.stringify({ error: { message: e.message, type: e.type, code: e.code, param: null } }))
    }
  }
  if (signal.aborted && status === 200) {
    status = 499
    error = CLIENT_LEFT
  }

  const reported = opened.value.reportedUsage()
  const usage: Usage = reported ?? normalizeUsage({ prompt_tokens: estimateTokens(JSON.stringify(prep.req.messages)), completion_tokens: acc.deltaCount() })
  const cost = chat.settleAnswer(prep, opened.target, usage, { status, stream: true, usageEstimated: reported === null, error }) / 1e6
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
