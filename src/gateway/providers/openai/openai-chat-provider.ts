import type { ChatCompletion, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import { GatewayError } from '../../../shared/errors'
import type { ChatProvider, ChatStream } from '../contracts/chat'
import type { CallContext } from '../contracts/provider-config'
import { postUpstream } from '../upstream/post-json'
import { sseChatStream } from '../upstream/sse-chat-stream'
import { requireEventStream } from '../upstream/sse-stream'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { upstreamProtocolError } from '../upstream/upstream-error'
import { openAiAuth } from './openai-endpoint'
import { openAiChunkReader } from './openai-chunk-reader'
import { fingerprint, normalizeCompletion, toOpenAiBody } from './openai-wire'

/** Any OpenAI-compatible API: the pivot format goes out nearly as it is. */
export function openAiChatProvider(providerId: string, connect: () => UpstreamConnection): ChatProvider {
  const shape = (req: ChatCompletionRequest, ctx: CallContext) => ({
    modelName: ctx.model.name,
    requestedTier: req.service_tier,
    fingerprint: fingerprint(providerId, ctx.model.upstream),
  })

  return {
    supportsN: true,
    async complete(req, ctx): Promise<ChatCompletion> {
      const conn = connect()
      const headers = Object.assign(openAiAuth(conn), { 'x-request-id': ctx.requestId })
      const res = await postUpstream(conn, '/chat/completions', toOpenAiBody(req, ctx.model.upstream, false), headers, ctx.signal)
      let raw: Record<string, unknown>
      try {
        raw = (await res.body.json()) as Record<string, unknown>
      } catch (err) {
        // A reply past its size cap keeps its own error.
        if (ctx.signal.aborted || err instanceof GatewayError) throw err
        throw upstreamProtocolError(providerId, 'its reply is not JSON.')
      }
      return normalizeCompletion(raw, shape(req, ctx))
    },

    async stream(req, ctx): Promise<ChatStream> {
      const conn = connect()
      const res = await postUpstream(conn, '/chat/completions', toOpenAiBody(req, ctx.model.upstream, true), Object.assign(openAiAuth(conn), { 'x-request-id': ctx.requestId, accept: 'text/event-stream' }), ctx.signal)
      await requireEventStream(providerId, res)
      let usage: Usage | null = null
      let done = false
      const readChunk = openAiChunkReader(providerId, shape(req, ctx))
      return sseChatStream(providerId, res.body, ctx.signal, {
        read(event, batch) {
          // Read on to the body's end after [DONE]: dropping a body before its end aborts the request (an error, with its stack, per stream).
          if (done || event.data === '[DONE]') {
            done = true
            return
          }
          const chunk = readChunk(event, batch)
          if (chunk.usage) usage = chunk.usage
        },
        finished: () => done,
        unfinished: 'its stream ended before "data: [DONE]".',
        reportedUsage: () => usage,
      })
    },
  }
}
