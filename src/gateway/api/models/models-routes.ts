import type { FastifyInstance } from 'fastify'
import { installApiKeyAuth } from '../../http/api-key-auth'
import type { Authenticate } from '../../services/auth/authenticate'
import type { ModelList } from '../../services/routing/model-access'

/** `GET /v1/models` and `GET /v1/models/{model}`: the caller's team's enabled models, OpenAI's list shape. */
export async function modelsRoutes(app: FastifyInstance, opts: { models: ModelList; authenticate: Authenticate }) {
  installApiKeyAuth(app, opts.authenticate, 'any')
  app.get('/v1/models', async (req) => opts.models.list(req.principal.team))
  app.get<{ Params: { model: string } }>('/v1/models/:model', async (req) => opts.models.get(req.principal.team, req.params.model))
}
