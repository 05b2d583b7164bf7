import type { SchemaApp } from '../../http/route-schemas'
import type { AdminServices } from '../../services/admin/admin-services'
import { completionsQuery, conversationBody, conversationPatchBody, conversationsQuery, idParams, usageQuery } from './admin-schemas'

/** The usage log, stored completions, and the playground's saved conversations. */
export function usageRoutes(app: SchemaApp, { usage, conversations }: AdminServices) {
  app.get('/usage', { schema: { querystring: usageQuery } }, async (req) => ({ data: usage.usage(req.query) }))
  app.get('/completions', { schema: { querystring: completionsQuery } }, async (req) => ({ data: usage.completions(req.query) }))

  app.get('/conversations', { schema: { querystring: conversationsQuery } }, async (req) => conversations.list(req.query))
  app.get('/conversations/:id', { schema: { params: idParams } }, async (req) => conversations.get(req.params.id))
  app.post('/conversations', { schema: { body: conversationBody } }, async (req, reply) => reply.code(201).send(conversations.create(req.body)))
  app.patch('/conversations/:id', { schema: { params: idParams, body: conversationPatchBody } }, async (req) => conversations.update(req.params.id, req.body))
  app.delete('/conversations/:id', { schema: { params: idParams } }, async (req) => conversations.remove(req.params.id))
}
