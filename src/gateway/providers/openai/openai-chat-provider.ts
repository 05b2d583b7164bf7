import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import { GatewayError } from '../../../shared/errors'
import type { ProviderRow } from '../../store/repos/providers-repo'
import type { ChatCallContext, ChatProvider, ChatStream } from '../types-chat'
import { postUpstream } from '../upstream/post-json'
import { sseEvents } from '../upstream/sse-events'
import type { UpstreamConnections } from '../upstream/upstream-connection'
import { upstreamConnectionError } from '../upstream/upstream-error'
import { fingerprint, normalizeChunk, normalizeCompletion, toOpenAiBody } from './openai-wire'

const DEFAULT_BASE_URL = 'https://api.openai.com/v1'

/** Any OpenAI-compatible API: the pivot format goes out nearly as it is. */
export function openAiChatProvider(provider: ProviderRow, connections: UpstreamConnections): ChatProvider {
  const connect = () => connections.get(provider, DEFAULT_BASE_URL)
  const auth = (key: string | undefined): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {})
  const shape = (req: ChatCompletionRequest, ctx: ChatCallContext) => ({
    modelName: ctx.modelName,
    requestedTier: req.service_tier,
    fingerprint: fingerprint(provider.id, ctx.upstreamModel),
  })

  return {
    supportsN: true,
    async complete(req, ctx): Promise<ChatCompletion> {
      const conn = connect()
      const res = await postUpstream(provider.id, conn, '/chat/completions', toOpenAiBody(req, ctx.upstreamModel, false), { ...auth(conn.apiKey), 'x-request-id': ctx.requestId }, ctx.signal)
      let raw: Record<string, unknown>
      try {
        raw = (await res.body.json()) as Record<string, unknown>
      } catch (err) {
        if (ctx.signal.aborted) throw err
        throw new GatewayError({ status: 502, type: 'upstream_error', code: 'upstream_bad_response', message: `The provider "${provider.id}" sent a reply that is not JSON.` })
      }
      return normalizeCompletion(raw, shape(req, ctx))
    },

    async stream(req, ctx): Promise<ChatStream> {
      const conn = connect()
      const res = await postUpstream(provider.id, conn, '/chat/completions', toOpenAiBody(req, ctx.upstreamModel, true), { ...auth(conn.apiKey), 'x-request-id': ctx.requestId, accept: 'text/event-stream' }, ctx.signal)
      let usage: Usage | null = null
      const opts = shape(req, ctx)
      async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
        try {
          for await (const event of sseEvents(res.body)) {
            if (event.data === '[DONE]') return
            const raw = JSON.parse(event.data) as Record<string, unknown>
            if (raw.error) throw new GatewayError({ status: 502, type: 'upstream_error', code: 'upstream_stream_error', message: `The provider "${provider.id}" failed mid-stream: ${JSON.stringify(raw.error)}` })
            const chunk = normalizeChunk(raw, opts)
            if (chunk.usage) usage = chunk.usage
            yield chunk
          }
        } catch (err) {
          if (ctx.signal.aborted || err instanceof GatewayError) throw err
          throw upstreamConnectionError(provider.id, err)
        } finally {
          res.body.destroy()
        }
      }
      const iterator = chunks()
      return { [Symbol.asyncIterator]: () => iterator, reportedUsage: () => usage }
    },
  }
}
