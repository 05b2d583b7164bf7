import type { SchemaApp } from '../../http/route-schemas'
import type { OAuth } from '../../services/auth/oauth'
import { idParams, newOAuthClientBody } from './admin-schemas'

/** OAuth clients of teams and users: the secret is in the reply to create or rotate, and nowhere else. */
export function oauthClientsRoutes(app: SchemaApp, oauth: OAuth) {
  app.get('/oauth-clients', async () => ({ data: oauth.list() }))
  app.post('/oauth-clients', { schema: { body: newOAuthClientBody } }, async (req, reply) => reply.code(201).header('cache-control', 'no-store').send(oauth.create(req.body)))
  app.post('/oauth-clients/:id/rotate', { schema: { params: idParams } }, async (req, reply) => reply.code(201).header('cache-control', 'no-store').send(oauth.rotate(req.params.id)))
  app.post('/oauth-clients/:id/revoke', { schema: { params: idParams } }, async (req) => oauth.revoke(req.params.id))
}
