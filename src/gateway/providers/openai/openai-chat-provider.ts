import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import { GatewayError } from '../../../shared/errors'
import type { ChatProvider, ChatStream } from '../contracts/chat'
import type { CallContext } from '../contracts/provider-config'
import { postUpstream } from '../upstream/post-json'
import { sseEvents } from '../upstream/sse-events'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { upstreamConnectionError } from '../upstream/upstream-error'
import { openAiAuth } from './openai-endpoint'
import { fingerprint, normalizeChunk, normalizeCompletion, toOpenAiBody } from './openai-wire'

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
      const res = await postUpstream(conn, '/chat/completions', toOpenAiBody(req, ctx.model.upstream, false), { ...openAiAuth(conn), 'x-request-id': ctx.requestId }, ctx.signal)
      let raw: Record<string, unknown>
      try {
        raw = (await res.body.json()) as Record<string, unknown>
      } catch (err) {
        if (ctx.signal.aborted) throw err
        throw new GatewayError({ status: 502, type: 'upstream_error', code: 'upstream_bad_response', message: `The provider "${providerId}" sent a reply that is not JSON.` })
      }
      return normalizeCompletion(raw, shape(req, ctx))
    },

    async stream(req, ctx): Promise<ChatStream> {
      const conn = connect()
      const res = await postUpstream(conn, '/chat/completions', toOpenAiBody(req, ctx.model.upstream, true), { ...openAiAuth(conn), 'x-request-id': ctx.requestId, accept: 'text/event-stream' }, ctx.signal)
      let usage: Usage | null = null
      const opts = shape(req, ctx)
      async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
        try {
          let done = false
          for await (const event of sseEvents(res.body)) {
            // Read on to the body's end after [DONE]: dropping a body before its end aborts the request (an error, with its stack, per stream).
            if (done || event.data === '[DONE]') {
              done = true
              continue
            }
            const raw = JSON.parse(event.data) as Record<string, unknown>
            if (raw.error) throw new GatewayError({ status: 502, type: 'upstream_error', code: 'upstream_stream_error', message: `The provider "${providerId}" failed mid-stream: ${JSON.stringify(raw.error)}` })
            const chunk = normalizeChunk(raw, opts)
            if (chunk.usage) usage = chunk.usage
            yield chunk
          }
        } catch (err) {
          if (ctx.signal.aborted || err instanceof GatewayError) throw err
          throw upstreamConnectionError(providerId, err)
        } finally {
          res.body.destroy()
        }
      }
      const iterator = chunks()
      return { [Symbol.asyncIterator]: () => iterator, reportedUsage: () => usage }
    },
  }
}
