import type { FastifyInstance, FastifyRequest } from 'fastify'
import { installApiKeyAuth } from '../../http/api-key-auth'
import type { Authenticate } from '../../services/auth/authenticate'
import type { ModelList, ModelShape } from '../../services/routing/model-access'

/** The Anthropic SDK (and Claude Code) sends `anthropic-version` on every call: they get Anthropic's list shape. */
const shapeOf = (req: FastifyRequest): ModelShape => (req.headers['anthropic-version'] ? 'anthropic' : 'openai')

/** `GET /v1/models` and `GET /v1/models/{model}`: the caller's team's enabled models, in OpenAI's or Anthropic's shape. */
export async function modelsRoutes(app: FastifyInstance, opts: { models: ModelList; authenticate: Authenticate }) {
  installApiKeyAuth(app, opts.authenticate, 'any')
  app.get('/v1/models', async (req) => opts.models.list(req.principal.team, shapeOf(req)))
  app.get<{ Params: { model: string } }>('/v1/models/:model', async (req) => opts.models.get(req.principal.team, req.params.model, shapeOf(req)))
}
