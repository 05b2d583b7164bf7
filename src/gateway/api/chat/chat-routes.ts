import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../kernel/runtime'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { abortOnClientClose } from '../../http/client-abort'
import { fallbacksQuery } from '../../http/fallbacks-query'
import { responseSseSink } from '../../http/sse-sink'
import type { Authenticate } from '../../services/auth/authenticate'
import type { ChatContext } from '../../services/chat/chat-context'
import type { ChatService, Served } from '../../services/chat/chat-service'
import { relayChatStream } from '../../services/chat/relay-stream'
import type { Store } from '../../store/store'

export const successHeaders = (served: Served, elapsedMs: number): Record<string, string> => ({
  'x-svc-model-id': served.target.model.id,
  'x-svc-completion-time-ms': String(elapsedMs),
  ...(served.fallbacksUsed.length ? { 'x-svc-fallbacks-used': served.fallbacksUsed.join(',') } : {}),
})

/** `POST /v1/chat/completions` (spec 2.1-2.4, 4.1, 6): parse, hand to the chat service, shape the reply. */
export async function chatRoutes(app: FastifyInstance, opts: { chat: ChatService; store: Store; clock: Clock; authenticate: Authenticate }) {
  const { chat, store, clock } = opts
  installApiKeyAuth(app, opts.authenticate)

  app.post('/v1/chat/completions', async (req, reply) => {
    const useFallbacks = fallbacksQuery(req.query)
    const signal = abortOnClientClose(reply)
    const ctx: ChatContext = { principal: req.principal, requestId: req.id, signal, source: 'api', startedAt: clock.now() }
    const prep = chat.prepare(ctx, req.body, useFallbacks)

    if (!prep.req.stream) {
      const { completion, ...served } = await chat.complete(ctx, prep)
      return reply.headers(successHeaders(served, clock.now() - ctx.startedAt)).send(completion)
    }

    const opened = await chat.openStream(ctx, prep)
    reply.hijack()
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      ...successHeaders(opened, clock.now() - ctx.startedAt),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    await relayChatStream({ chat, store, ctx, prep, opened, sink: responseSseSink(reply.raw) })
    reply.raw.end()
  })
}
