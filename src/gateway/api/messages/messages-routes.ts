import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { keepJsonBodiesAsBytes, rawJsonBody } from '../../http/json-body'
import { withSchemas } from '../../http/route-schemas'
import { writeWithBackpressure } from '../../http/write-with-backpressure'
import type { Clock } from '../../kernel/runtime'
import type { Authenticate } from '../../services/auth/authenticate'
import type { MessagesService } from '../../services/messages/messages-service'
import type { ChatService } from '../../services/chat/chat-service'
import { pivotToMessage } from '../../services/messages/pivot-to-message'
import { relayMessages } from '../../services/messages/relay-messages'
import { relayTranslatedMessages } from '../../services/messages/relay-translated-messages'
import { fallbacksQuery } from '../fallbacks-query'
import { openPassthroughReply, passedHeaders } from '../passthrough-reply'
import { requestContext, servedHeaders } from '../request-context'
import { openStreamReply } from '../stream-reply'

/** Upstream reply headers worth passing on: content, request id, retry and rate-limit information. */
const ANTHROPIC_HEADERS = { names: ['content-type', 'content-length', 'request-id', 'retry-after', 'x-should-retry'], prefix: 'anthropic-' }

/**
 * `POST /v1/messages` (spec 2.5, 4.2). For Anthropic-type models the body is read as raw bytes and never
 * re-serialized; the reply is relayed byte for byte, JSON or SSE, while its usage is read on the way past.
 * Every other chat model is answered through the chat pivot and its answer written in Anthropic's shapes.
 */
export async function messagesRoutes(plain: FastifyInstance, opts: { messages: MessagesService; chat: ChatService; clock: Clock; authenticate: Authenticate }) {
  const { messages, chat, clock } = opts
  installApiKeyAuth(plain, opts.authenticate, 'messages')
  keepJsonBodiesAsBytes(plain)
  const app = withSchemas(plain)

  app.post('/v1/messages', { schema: { querystring: fallbacksQuery } }, async (req, reply) => {
    const ctx = requestContext(req, reply, clock)
    const planned = messages.plan(ctx, rawJsonBody(req), req.query.fallbacks)
    if ('translated' in planned) {
      const t = planned.translated
      if (!t.chat.req.stream) {
        const { completion, ...served } = await chat.complete(t.chat)
        return reply.headers(servedHeaders(served, clock.now() - ctx.startedAt)).send(pivotToMessage(completion, t.model))
      }
      const opened = await chat.openStream(t.chat)
      openStreamReply(reply, servedHeaders(opened, clock.now() - ctx.startedAt))
      await relayTranslatedMessages(chat, t, opened, (text) => writeWithBackpressure(reply.raw, text))
      reply.raw.end()
      return
    }
    const prep = planned.passthrough
    const forwarded = await messages.forward(prep, req.headers)
    await relayMessages(messages, prep, forwarded, openPassthroughReply(reply, forwarded, ANTHROPIC_HEADERS, ctx, clock))
  })

  // What Claude Code and the Anthropic SDK's countTokens call: the count is relayed as the provider answered it.
  app.post('/v1/messages/count_tokens', async (req, reply) => {
    const ctx = requestContext(req, reply, clock)
    const counted = await messages.countTokens(ctx, rawJsonBody(req), req.headers)
    // No tokenizer the gateway can reach for this model: the count is an estimate, and says so.
    if ('estimate' in counted) return reply.header('x-svc-token-count', 'estimated').send({ input_tokens: counted.estimate })
    const res = counted.value
    return reply
      .code(res.status)
      .headers({ ...passedHeaders(res.headers, ANTHROPIC_HEADERS), ...(res.status < 400 ? servedHeaders(counted, clock.now() - ctx.startedAt) : {}) })
      .send(Readable.from(res.body))
  })
}
