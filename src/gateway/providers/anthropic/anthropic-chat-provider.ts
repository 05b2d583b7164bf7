import type { ChatCompletionChunk } from '../../../shared/chat/types'
import { GatewayError } from '../../../shared/errors'
import type { ProviderRow } from '../../store/repos/providers-repo'
import { fingerprint, reportedTier } from '../openai/openai-wire'
import type { ChatProvider, ChatStream } from '../types-chat'
import { postUpstream } from '../upstream/post-json'
import { sseEvents } from '../upstream/sse-events'
import type { UpstreamConnections } from '../upstream/upstream-connection'
import { upstreamConnectionError } from '../upstream/upstream-error'
import { AnthropicStreamTranslator } from './anthropic-stream-translator'
import type { AnthropicMessage, AnthropicStreamEvent } from './anthropic-types'
import { fromAnthropicResponse } from './from-anthropic-response'
import { toAnthropicRequest } from './to-anthropic-request'

const DEFAULT_BASE_URL = 'https://api.anthropic.com'
export const ANTHROPIC_VERSION = '2023-06-01'

/** `/v1/messages` under a base URL given with or without its `/v1`. */
export const messagesPath = (baseUrl: string) => (/\/v1$/.test(baseUrl) ? '/messages' : '/v1/messages')

/** The Anthropic Messages API behind the chat-completions pivot: requests, replies and events translated. */
export function anthropicChatProvider(provider: ProviderRow, connections: UpstreamConnections): ChatProvider {
  const connect = () => connections.get(provider, DEFAULT_BASE_URL)
  const headers = (key: string | undefined): Record<string, string> => ({ 'anthropic-version': ANTHROPIC_VERSION, ...(key ? { 'x-api-key': key } : {}) })
  const identity = (id: string, modelName: string) => ({ requestedModel: modelName, created: Math.floor(Date.now() / 1000), id })

  return {
    supportsN: false,
    async complete(req, ctx) {
      const conn = connect()
      const body = JSON.stringify(toAnthropicRequest(req, ctx.upstreamModel))
      const res = await postUpstream(provider.id, conn, messagesPath(conn.baseUrl), body, headers(conn.apiKey), ctx.signal)
      let msg: AnthropicMessage
      try {
        msg = (await res.body.json()) as AnthropicMessage
      } catch (err) {
        if (ctx.signal.aborted) throw err
        throw new GatewayError({ status: 502, type: 'upstream_error', code: 'upstream_bad_response', message: `The provider "${provider.id}" sent a reply that is not JSON.` })
      }
      const completion = fromAnthropicResponse(msg, identity(`chatcmpl-${msg.id}`, ctx.modelName))
      const tier = reportedTier(req.service_tier, undefined)
      return { ...completion, ...(tier ? { service_tier: tier } : {}), system_fingerprint: fingerprint(provider.id, ctx.upstreamModel) }
    },

    async stream(req, ctx): Promise<ChatStream> {
      const conn = connect()
      const body = JSON.stringify({ ...toAnthropicRequest(req, ctx.upstreamModel), stream: true })
      const res = await postUpstream(provider.id, conn, messagesPath(conn.baseUrl), body, { ...headers(conn.apiKey), accept: 'text/event-stream' }, ctx.signal)
      const translator = new AnthropicStreamTranslator(identity(`chatcmpl-${ctx.requestId}`, ctx.modelName))
      const fp = fingerprint(provider.id, ctx.upstreamModel)
      let ended = false
      async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
        try {
          for await (const event of sseEvents(res.body)) {
            for (const chunk of translator.push(JSON.parse(event.data) as AnthropicStreamEvent)) yield { ...chunk, system_fingerprint: fp }
          }
          ended = true
        } catch (err) {
          if (ctx.signal.aborted || err instanceof GatewayError) throw err
          throw upstreamConnectionError(provider.id, err)
        } finally {
          res.body.destroy()
        }
      }
      const iterator = chunks()
      // Anthropic reports input tokens at message_start; only a finished stream has the whole count.
      return { [Symbol.asyncIterator]: () => iterator, reportedUsage: () => (ended ? translator.usage : null) }
    },
  }
}
