import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { isPlainObject } from '../../../shared/chat/schema-helpers'
import { badRequest } from '../../../shared/errors'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { keepJsonBodiesAsBytes, rawJsonBody } from '../../http/json-body'
import { withSchemas } from '../../http/route-schemas'
import { typedSseSink } from '../../http/sse-sink'
import type { Clock } from '../../kernel/runtime'
import type { Authenticate } from '../../services/auth/authenticate'
import type { ChatService } from '../../services/chat/chat-service'
import { relayResponsesStream } from '../../services/responses/relay-responses-stream'
import type { ResponsesService } from '../../services/responses/responses-service'
import { fallbacksQuery } from '../fallbacks-query'
import { openPassthroughReply } from '../passthrough-reply'
import { requestContext, servedHeaders } from '../request-context'
import { openStreamReply } from '../stream-reply'

function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) throw badRequest('The request body is empty: send a JSON object with "model" and "input".', null, 'invalid_json')
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch (err) {
    throw badRequest(`The request body is not valid JSON (${(err as Error).message}): send a JSON object.`, null, 'invalid_json')
  }
}

/** Upstream reply headers a natively passed response keeps: content, request id, retry and rate-limit information. */
const OPENAI_HEADERS = { names: ['content-type', 'content-length', 'x-request-id', 'retry-after', 'openai-processing-ms'], prefix: 'x-ratelimit-' }

const params = z.object({ id: z.string() })
const LIMIT_ERROR = 'must be a whole number from 1 to 100'
// Built on the route's first request (z.lazy), not at start: an idle gateway need not hold its zod objects.
const itemsQuery = z.lazy(() => z.object({
  after: z.string().optional(),
  before: z.string().optional(),
  limit: z.string().regex(/^\d+$/, LIMIT_ERROR).transform(Number).pipe(z.number().min(1, LIMIT_ERROR).max(100, LIMIT_ERROR)).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  'include[]': z.union([z.string(), z.array(z.string())]).optional(),
  include: z.union([z.string(), z.array(z.string())]).optional(),
}))

/**
 * OpenAI's Responses API (`/v1/responses`): create (whole or streamed as typed SSE events), retrieve,
 * list input items, delete. Tokens need the `chat` scope: a response is a chat answer in another shape.
 */
export async function responsesRoutes(plain: FastifyInstance, opts: { responses: ResponsesService; chat: ChatService; clock: Clock; authenticate: Authenticate }) {
  const { responses, chat, clock } = opts
  installApiKeyAuth(plain, opts.authenticate, 'chat')
  // The body arrives as bytes: a model whose provider has the Responses API gets exactly these bytes.
  keepJsonBodiesAsBytes(plain)
  const app = withSchemas(plain)

  app.post('/v1/responses', { schema: { querystring: fallbacksQuery } }, async (req, reply) => {
    const ctx = requestContext(req, reply, clock)
    const raw = rawJsonBody(req)
    const body = parseJsonBody(raw)
    const native = isPlainObject(body) ? responses.native.plan(ctx, raw, body, req.query.fallbacks) : null
    if (native) {
      const forwarded = await responses.native.forward(native)
      await responses.native.relay(native, forwarded, openPassthroughReply(reply, forwarded, OPENAI_HEADERS, ctx, clock))
      return
    }
    const prep = await responses.prepare(ctx, body, req.query.fallbacks)
    if (!prep.req.stream) {
      const { json, ...served } = await responses.complete(prep)
      return reply.headers(servedHeaders(served, clock.now() - ctx.startedAt)).type('application/json; charset=utf-8').send(json)
    }
    const opened = await responses.openStream(prep)
    openStreamReply(reply, servedHeaders(opened, clock.now() - ctx.startedAt))
    const sink = typedSseSink(reply.raw)
    await relayResponsesStream({ chat, responses, prep, opened, sink })
    sink.end()
  })

  app.get('/v1/responses/:id', { schema: { params } }, async (req) => responses.get(req.principal.team.id, req.params.id))

  app.get('/v1/responses/:id/input_items', { schema: { params, querystring: itemsQuery } }, async (req) => {
    const q = req.query
    return responses.inputItems(req.principal.team.id, req.params.id, { after: q.after, before: q.before, limit: q.limit ?? 20, order: q.order ?? 'desc' })
  })

  app.delete('/v1/responses/:id', { schema: { params } }, async (req) => responses.delete(req.principal.team.id, req.params.id))
}
