import type { FastifyInstance } from 'fastify'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { withSchemas } from '../../http/route-schemas'
import { responseSseSink } from '../../http/sse-sink'
import { writeWithBackpressure } from '../../http/write-with-backpressure'
import type { Clock } from '../../kernel/runtime'
import type { Authenticate } from '../../services/auth/authenticate'
import type { CompletionsService } from '../../services/completions/completions-service'
import { fallbacksQuery } from '../fallbacks-query'
import { requestContext, servedHeaders } from '../request-context'
import { openStreamReply } from '../stream-reply'

/** `POST /v1/completions` (legacy text completions): raw continuation on local models, passthrough to OpenAI-type upstreams. */
export async function completionsRoutes(plain: FastifyInstance, opts: { completions: CompletionsService; clock: Clock; authenticate: Authenticate }) {
  const { completions, clock } = opts
  installApiKeyAuth(plain, opts.authenticate, 'chat')
  const app = withSchemas(plain)

  app.post('/v1/completions', { schema: { querystring: fallbacksQuery } }, async (req, reply) => {
    const ctx = requestContext(req, reply, clock)
    const planned = completions.plan(ctx, req.body, req.query.fallbacks)
    if ('local' in planned) {
      const p = planned.local
      if (!p.r.stream) {
        const { body, served } = await completions.completeLocal(p)
        return reply.headers(servedHeaders(served, clock.now() - ctx.startedAt)).send(body)
      }
      const opened = await completions.openLocalStream(p)
      openStreamReply(reply, servedHeaders(opened, clock.now() - ctx.startedAt))
      const sink = responseSseSink(reply.raw)
      await completions.relayLocal(p, opened, sink.send)
      sink.end()
      return
    }
    const p = planned.forwarded
    const served = await completions.forward(p)
    const headers = servedHeaders(served, clock.now() - ctx.startedAt)
    if (!p.r.stream) {
      const { json } = await completions.relayForwarded(p, served, async () => {})
      return reply.headers(headers).send(json)
    }
    openStreamReply(reply, headers)
    await completions.relayForwarded(p, served, (chunk) => writeWithBackpressure(reply.raw, chunk))
    reply.raw.end()
  })
}
