import type { FastifyInstance } from 'fastify'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { withSchemas } from '../../http/route-schemas'
import { responseSseSink } from '../../http/sse-sink'
import type { Clock } from '../../kernel/runtime'
import type { Authenticate } from '../../services/auth/authenticate'
import type { ChatService } from '../../services/chat/chat-service'
import { relayChatStream } from '../../services/chat/relay-stream'
import type { Pipeline } from '../../services/pipeline/pipeline'
import { fallbacksQuery } from '../fallbacks-query'
import { requestContext, servedHeaders } from '../request-context'
import { openStreamReply } from '../stream-reply'

/** `POST /v1/chat/completions` (spec 2.1-2.4, 4.1, 6): the chat service parses and answers; this shapes the reply. */
export async function chatRoutes(plain: FastifyInstance, opts: { chat: ChatService; pipeline: Pipeline; clock: Clock; authenticate: Authenticate }) {
  const { chat, pipeline, clock } = opts
  installApiKeyAuth(plain, opts.authenticate, 'chat')
  const app = withSchemas(plain)

  app.post('/v1/chat/completions', { schema: { querystring: fallbacksQuery } }, async (req, reply) => {
    const ctx = requestContext(req, reply, clock)
    const prep = chat.prepare(ctx, req.body, req.query.fallbacks)
    if (!prep.req.stream) {
      const answered = await chat.complete(prep)
      return reply.headers(servedHeaders(answered, clock.now() - ctx.startedAt)).send(answered.completion)
    }
    const opened = await chat.openStream(prep)
    openStreamReply(reply, servedHeaders(opened, clock.now() - ctx.startedAt))
    const sink = responseSseSink(reply.raw)
    await relayChatStream({ chat, pipeline, prep, opened, sink })
    sink.end()
  })
}
