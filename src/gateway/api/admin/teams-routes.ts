import type { SchemaApp } from '../../http/route-schemas'
import type { AdminServices } from '../../services/admin/admin-services'
import { idParams, teamBody, teamPatchBody, userBody, userRenameBody } from './admin-schemas'

export function teamsRoutes(app: SchemaApp, { teams, users }: AdminServices) {
  app.get('/teams', async () => ({ data: teams.list() }))
  app.post('/teams', { schema: { body: teamBody } }, async (req, reply) => reply.code(201).send(teams.create(req.body)))
  app.patch('/teams/:id', { schema: { params: idParams, body: teamPatchBody } }, async (req) => teams.update(req.params.id, req.body))
  app.delete('/teams/:id', { schema: { params: idParams } }, async (req) => teams.remove(req.params.id))

  app.get('/users', async () => ({ data: users.list() }))
  app.post('/users', { schema: { body: userBody } }, async (req, reply) => reply.code(201).send(users.create(req.body)))
  app.patch('/users/:id', { schema: { params: idParams, body: userRenameBody } }, async (req) => users.update(req.params.id, req.body))
  app.delete('/users/:id', { schema: { params: idParams } }, async (req) => users.remove(req.params.id))
}
