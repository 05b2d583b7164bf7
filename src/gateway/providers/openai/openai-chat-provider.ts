import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import { GatewayError } from '../../../shared/errors'
import type { ChatProvider, ChatStream } from '../contracts/chat'
import type { CallContext } from '../contracts/provider-config'
import { postUpstream } from '../upstream/post-json'
import { sseEventBatches } from '../upstream/sse-events'
import { afterFirstItem, eventJson, requireEventStream } from '../upstream/sse-stream'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { upstreamConnectionError, upstreamProtocolError, upstreamStreamError } from '../upstream/upstream-error'
import { openAiAuth } from './openai-endpoint'
import { choicesText, chunkJsonWriter, fingerprint, normalizeChunk, normalizeCompletion, toOpenAiBody } from './openai-wire'

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
      // openAiAuth makes a fresh object: adding to it spares a spread into another (~0.5 µs a call).
      const headers = openAiAuth(conn)
      headers['x-request-id'] = ctx.requestId
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
      const res = await postUpstream(conn, '/chat/completions', toOpenAiBody(req, ctx.model.upstream, true), { ...openAiAuth(conn), 'x-request-id': ctx.requestId, accept: 'text/event-stream' }, ctx.signal)
      await requireEventStream(providerId, res)
      let usage: Usage | null = null
      // The chunk yielded last and its choices as the upstream wrote them, for chunkJson.
      let last: ChatCompletionChunk | undefined
      let lastChoices: string | null = null
      let lastChoicesOf: unknown
      const writeChunk = chunkJsonWriter()
      const opts = shape(req, ctx)
      async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
        try {
          let done = false
          for await (const events of sseEventBatches(res.body)) {
            for (const event of events) {
              // Read on to the body's end after [DONE]: dropping a body before its end aborts the request (an error, with its stack, per stream).
              if (done || event.data === '[DONE]') {
                done = true
                continue
              }
              const raw = eventJson(providerId, event)
              if (raw.error) throw upstreamStreamError(providerId, raw.error)
              const chunk = normalizeChunk(raw, opts)
              if (chunk.usage) usage = chunk.usage
              last = chunk
              lastChoices = choicesText(event.data, raw)
              lastChoicesOf = chunk.choices
              yield chunk
            }
          }
          if (!done) throw upstreamProtocolError(providerId, 'its stream ended before "data: [DONE]".')
        } catch (err) {
          if (ctx.signal.aborted || err instanceof GatewayError) throw err
          throw upstreamConnectionError(providerId, err)
        } finally {
          res.body.destroy()
        }
      }
      // The first chunk is in before the stream is handed on: a stream broken from its start may still fall back.
      const iterator = await afterFirstItem(chunks())
      return {
        [Symbol.asyncIterator]: () => iterator,
        reportedUsage: () => usage,
        // Only while the chunk still holds the choices that text was read from.
        chunkJson: (chunk) => (chunk === last && lastChoices !== null && chunk.choices === lastChoicesOf ? writeChunk(chunk, lastChoices) : undefined),
      }
    },
  }
}
