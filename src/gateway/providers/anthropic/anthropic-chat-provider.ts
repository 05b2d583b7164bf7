import { GatewayError } from '../../../shared/errors'
import type { ChatProvider, ChatStream } from '../contracts/chat'
import { fingerprint, reportedTier } from '../openai/openai-wire'
import { postUpstream } from '../upstream/post-json'
import { sseChatStream } from '../upstream/sse-chat-stream'
import { eventJson, requireEventStream } from '../upstream/sse-stream'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { upstreamProtocolError } from '../upstream/upstream-error'
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
      return sseChatStream(providerId, res.body, ctx.signal, {
        read(event, batch) {
          const parsed = eventJson(providerId, event) as unknown as AnthropicStreamEvent
          if (parsed.type === 'message_stop') ended = true
          for (const chunk of translator.push(parsed)) {
            batch.chunks.push({ ...chunk, system_fingerprint: fp })
            batch.json.push(undefined)
          }
        },
        finished: () => ended,
        unfinished: 'its stream ended before message_stop.',
        // Anthropic reports input tokens at message_start; only a finished stream has the whole count.
        reportedUsage: () => (ended ? translator.usage : null),
      })
    },
  }
}
