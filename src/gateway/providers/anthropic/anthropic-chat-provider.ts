import type { ChatCompletionChunk } from '../../../shared/chat/types'
import { GatewayError } from '../../../shared/errors'
import type { ChatProvider, ChatStream } from '../contracts/chat'
import { fingerprint, reportedTier } from '../openai/openai-wire'
import { postUpstream } from '../upstream/post-json'
import { sseEvents } from '../upstream/sse-events'
import { afterFirstItem, eventJson, requireEventStream } from '../upstream/sse-stream'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { upstreamConnectionError, upstreamProtocolError } from '../upstream/upstream-error'
import { ANTHROPIC_VERSION, anthropicAuth, messagesPath } from './anthropic-endpoint'
import { AnthropicStreamTranslator } from './anthropic-stream-translator'
import type { AnthropicMessage, AnthropicStreamEvent } from './anthropic-types'
import { fromAnthropicResponse } from './from-anthropic-response'
import { toAnthropicRequest } from './to-anthropic-request'

/** The Anthropic Messages API behind the chat-completions pivot: requests, replies and events translated. */
export function anthropicChatProvider(providerId: string, connect: () => UpstreamConnection): ChatProvider {
  const headers = (conn: UpstreamConnection): Record<string, string> => ({ 'anthropic-version': ANTHROPIC_VERSION, ...anthropicAuth(conn) })
  const identity = (id: string, modelName: string) => ({ requestedModel: modelName, created: Math.floor(Date.now() / 1000), id })

  return {
    supportsN: false,
    async complete(req, ctx) {
      const conn = connect()
      const body = JSON.stringify(toAnthropicRequest(req, ctx.model.upstream))
      const res = await postUpstream(conn, messagesPath(conn.baseUrl), body, headers(conn), ctx.signal)
      let msg: AnthropicMessage
      try {
        msg = (await res.body.json()) as AnthropicMessage
      } catch (err) {
        // A reply past its size cap keeps its own error.
        if (ctx.signal.aborted || err instanceof GatewayError) throw err
        throw upstreamProtocolError(providerId, 'its reply is not JSON.')
      }
      const completion = fromAnthropicResponse(msg, identity(`chatcmpl-${msg.id}`, ctx.model.name))
      const tier = reportedTier(req.service_tier, undefined)
      return { ...completion, ...(tier ? { service_tier: tier } : {}), system_fingerprint: fingerprint(providerId, ctx.model.upstream) }
    },

    async stream(req, ctx): Promise<ChatStream> {
      const conn = connect()
      const body = JSON.stringify({ ...toAnthropicRequest(req, ctx.model.upstream), stream: true })
      const res = await postUpstream(conn, messagesPath(conn.baseUrl), body, { ...headers(conn), accept: 'text/event-stream' }, ctx.signal)
      await requireEventStream(providerId, res)
      const translator = new AnthropicStreamTranslator(identity(`chatcmpl-${ctx.requestId}`, ctx.model.name))
      const fp = fingerprint(providerId, ctx.model.upstream)
      let ended = false
      async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
        try {
          for await (const event of sseEvents(res.body)) {
            const parsed = eventJson(providerId, event) as unknown as AnthropicStreamEvent
            if (parsed.type === 'message_stop') ended = true
            for (const chunk of translator.push(parsed)) yield { ...chunk, system_fingerprint: fp }
          }
          if (!ended) throw upstreamProtocolError(providerId, 'its stream ended before message_stop.')
        } catch (err) {
          if (ctx.signal.aborted || err instanceof GatewayError) throw err
          throw upstreamConnectionError(providerId, err)
        } finally {
          res.body.destroy()
        }
      }
      // The first chunk is in before the stream is handed on: a stream broken from its start may still fall back.
      const iterator = await afterFirstItem(chunks())
      // Anthropic reports input tokens at message_start; only a finished stream has the whole count.
      return { [Symbol.asyncIterator]: () => iterator, reportedUsage: () => (ended ? translator.usage : null) }
    },
  }
}
