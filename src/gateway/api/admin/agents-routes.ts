import { parseOrThrow } from '../../../shared/validation/parse'
import type { SchemaApp } from '../../http/route-schemas'
import type { AdminServices } from '../../services/admin/admin-services'
import { agentBody, creditsBody, idParams } from './admin-schemas'

/** Agents (saved presets callable as `model`) and the company's credits. */
export function agentsRoutes(app: SchemaApp, { agents, credits }: AdminServices) {
  app.get('/agents', async () => ({ data: agents.list() }))
  app.get('/agents/:id', { schema: { params: idParams } }, async (req) => agents.get(req.params.id))
  app.post('/agents', { schema: { body: agentBody } }, async (req, reply) => reply.code(201).send(agents.create(req.body)))
  app.patch('/agents/:id', { schema: { params: idParams } }, async (req) => {
    const merged = parseOrThrow(agentBody, { ...agents.fieldsOf(req.params.id), ...(req.body as object) })
    return agents.replace(req.params.id, merged)
  })
  app.delete('/agents/:id', { schema: { params: idParams } }, async (req) => agents.remove(req.params.id))

  app.get('/credits', async () => credits.balance())
  app.post('/credits', { schema: { body: creditsBody } }, async (req) => credits.add(req.body.add, req.body.allow_negative === true))
}
