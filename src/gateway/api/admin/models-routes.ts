import { parseOrThrow } from '../../../shared/validation/parse'
import type { SchemaApp } from '../../http/route-schemas'
import type { AdminServices } from '../../services/admin/admin-services'
import { idParams, modelBody, probeBody, providerBody, providerPatchBody } from './admin-schemas'

export function modelsRoutes(app: SchemaApp, { models, providers, probe }: AdminServices) {
  app.get('/models', async () => ({ data: models.list() }))
  app.post('/models', { schema: { body: modelBody } }, async (req, reply) => reply.code(201).send(models.create(req.body)))
  // A PATCH is the model as it is with the body's fields over it, checked as a whole.
  app.patch('/models/:id', { schema: { params: idParams } }, async (req) => {
    const merged = parseOrThrow(modelBody, { ...models.fieldsOf(req.params.id), ...(req.body as object) })
    return models.replace(req.params.id, merged)
  })
  app.delete('/models/:id', { schema: { params: idParams } }, async (req) => models.remove(req.params.id))

  app.get('/providers', async () => ({ data: providers.list() }))
  app.post('/providers', { schema: { body: providerBody } }, async (req, reply) => reply.code(201).send(providers.create(req.body)))
  app.patch('/providers/:id', { schema: { params: idParams, body: providerPatchBody } }, async (req) => providers.update(req.params.id, req.body))
  app.delete('/providers/:id', { schema: { params: idParams } }, async (req) => providers.remove(req.params.id))
  // "Test connection" and the provider's model list: one live call, for an unsaved form or a saved provider.
  app.post('/providers/probe', { schema: { body: probeBody } }, async (req) => probe.unsaved(req.body))
  app.post('/providers/:id/probe', { schema: { params: idParams } }, async (req) => probe.saved(req.params.id))
}
