import type { SchemaApp } from '../../http/route-schemas'
import type { AdminServices } from '../../services/admin/admin-services'
import { idParams, keyLimitsBody, newKeyBody, rotateBody } from './admin-schemas'

/** Keys are listed by their hint only; the key itself is in the reply to create or rotate, never cached. */
export function keysRoutes(app: SchemaApp, { keys }: AdminServices) {
  app.get('/keys', async () => ({ data: keys.list() }))
  app.post('/keys', { schema: { body: newKeyBody } }, async (req, reply) => reply.code(201).header('cache-control', 'no-store').send(keys.issue(req.body)))
  app.post('/keys/:id/rotate', { schema: { params: idParams, body: rotateBody } }, async (req, reply) =>
    reply.code(201).header('cache-control', 'no-store').send(keys.rotate(req.params.id, req.body?.grace_seconds)),
  )
  app.post('/keys/:id/revoke', { schema: { params: idParams } }, async (req) => keys.revoke(req.params.id))
  app.patch('/keys/:id', { schema: { params: idParams, body: keyLimitsBody } }, async (req) => keys.setLimits(req.params.id, req.body))
}
