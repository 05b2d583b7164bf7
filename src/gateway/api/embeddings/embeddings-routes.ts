import type { FastifyInstance } from 'fastify'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { withSchemas } from '../../http/route-schemas'
import type { Clock } from '../../kernel/runtime'
import type { Authenticate } from '../../services/auth/authenticate'
import type { EmbeddingsService } from '../../services/embeddings/embeddings-service'
import { fallbacksQuery } from '../fallbacks-query'
import { requestContext, servedHeaders } from '../request-context'
import { embeddingsBody, inputList } from './embeddings-schemas'

/** OpenAI's base64 encoding of a vector: its float32 values, little-endian. */
export function base64Floats(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4)
  vector.forEach((v, i) => bytes.writeFloatLE(v, i * 4))
  return bytes.toString('base64')
}

/** `POST /v1/embeddings`: one vector per input, OpenAI's list shape, usage with the cost in credits. */
export async function embeddingsRoutes(plain: FastifyInstance, opts: { embeddings: EmbeddingsService; clock: Clock; authenticate: Authenticate }) {
  const { embeddings, clock } = opts
  installApiKeyAuth(plain, opts.authenticate, 'chat')
  const app = withSchemas(plain)

  app.post('/v1/embeddings', { schema: { body: embeddingsBody, querystring: fallbacksQuery } }, async (req, reply) => {
    const ctx = requestContext(req, reply, clock)
    const { model, input, encoding_format: format, dimensions, user } = req.body
    const done = await embeddings.embed(ctx, model, inputList(input), { dimensions, user, useFallbacks: req.query.fallbacks })
    return reply.headers(servedHeaders(done, clock.now() - ctx.startedAt)).send({
      object: 'list',
      data: done.vectors.map((v, index) => ({ object: 'embedding', index, embedding: format === 'base64' ? base64Floats(v) : v })),
      model: done.target.model.name,
      usage: { prompt_tokens: done.promptTokens, total_tokens: done.promptTokens, svc_credits_cost: done.creditsMicro / 1e6 },
    })
  })
}
