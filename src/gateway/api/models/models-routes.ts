import type { FastifyInstance } from 'fastify'
import { notFound } from '../../../shared/errors'
import type { Authenticate } from '../../services/auth/authenticate'
import { enabledModels } from '../../services/model-access'
import type { ModelRow } from '../../store/repos/models-repo'
import type { Store } from '../../store/store'
import { installApiKeyAuth } from '../../http/api-key-auth'

const toOpenAiModel = (m: ModelRow) => ({
  id: m.name,
  object: 'model' as const,
  created: Math.floor(m.createdAt / 1000),
  owned_by: m.providerId,
  svc_model_id: m.id,
  aliases: m.aliases,
})

/** `GET /v1/models` and `GET /v1/models/{model}`: the caller's team's enabled models, OpenAI's list shape. */
export async function modelsRoutes(app: FastifyInstance, opts: { store: Store; authenticate: Authenticate }) {
  installApiKeyAuth(app, opts.authenticate)
  app.get('/v1/models', async (req) => ({ object: 'list', data: enabledModels(opts.store, req.principal.team).map(toOpenAiModel) }))
  app.get<{ Params: { model: string } }>('/v1/models/:model', async (req) => {
    const wanted = req.params.model
    const model = enabledModels(opts.store, req.principal.team).find((m) => m.name === wanted || m.id === wanted || m.aliases.includes(wanted))
    if (!model) throw notFound(`The model "${wanted}" does not exist or is not enabled for your team.`, 'model_not_found', 'model')
    return toOpenAiModel(model)
  })
}
