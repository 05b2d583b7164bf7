import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import { badRequest, notFound } from '../../../shared/errors'
import { parseOrThrow } from '../../../shared/validation/parse'
import type { AgentRow } from '../../store/repos/agents-repo'
import type { AdminContext } from './admin-context'
import { conflict, seconds } from './admin-helpers'

const agentBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  model: z.string().min(1),
  system_prompt: z.string().nullable().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  tools: z.array(z.unknown()).optional(),
})

const agentJson = (a: AgentRow) => ({
  id: a.id,
  object: 'agent',
  name: a.name,
  model: a.model,
  system_prompt: a.systemPrompt,
  params: a.params,
  tools: a.tools,
  created_at: seconds(a.createdAt),
})

/** Agents: saved presets (model, system prompt, parameters, tools), callable by their UUID or their unique name as `model`. */
export async function agentsAdmin(app: FastifyInstance, { store, clock, ids }: AdminContext) {
  /** An agent must make a valid chat request on its own: the same validation a request gets. */
  const check = (body: z.output<typeof agentBody>, selfId: string | null) => {
    if (!store.models.getByName(body.model)) throw badRequest(`Unknown model "${body.model}".`, 'model')
    // The name is callable as `model`, so it must name this agent alone.
    const twin = store.agents.list().find((a) => a.name === body.name && a.id !== selfId)
    if (twin) throw conflict(`An agent named "${body.name}" exists already (${twin.id}).`, 'name')
    const model = store.models.list().find((m) => m.name === body.name || m.aliases.includes(body.name))
    if (model) throw conflict(`"${body.name}" already names model "${model.name}"; give the agent another name.`, 'name')
    for (const field of ['model', 'messages', 'stream', 'stream_options']) {
      if (body.params && field in body.params) throw badRequest(`params.${field} cannot be saved in an agent.`, `params.${field}`)
    }
    try {
      parseChatCompletionRequest({ ...body.params, ...(body.tools?.length ? { tools: body.tools } : {}), model: body.model, messages: [{ role: 'user', content: 'x' }] })
    } catch (e) {
      const err = e as { message: string; param?: string | null }
      const param = err.param ? (err.param === 'tools' || err.param.startsWith('tools[') ? err.param : `params.${err.param}`) : 'params'
      throw badRequest(err.message, param)
    }
  }
  const toRow = (id: string, body: z.output<typeof agentBody>) => ({
    id,
    name: body.name,
    model: body.model,
    systemPrompt: body.system_prompt ?? null,
    params: body.params ?? {},
    tools: body.tools ?? [],
  })
  const find = (id: string) => store.agents.get(id) ?? missing(id)

  app.get('/agents', async () => ({ data: store.agents.list().map(agentJson) }))
  app.get<{ Params: { id: string } }>('/agents/:id', async (req) => agentJson(find(req.params.id)))
  app.post('/agents', async (req, reply) => {
    const body = parseOrThrow(agentBody, req.body)
    check(body, null)
    return reply.code(201).send(agentJson(store.agents.upsert(toRow(ids.uuid(), body), clock.now())))
  })
  app.patch<{ Params: { id: string } }>('/agents/:id', async (req) => {
    const agent = find(req.params.id)
    const current = { name: agent.name, model: agent.model, system_prompt: agent.systemPrompt, params: agent.params, tools: agent.tools }
    const body = parseOrThrow(agentBody, { ...current, ...(req.body as object) })
    check(body, agent.id)
    return agentJson(store.agents.upsert(toRow(agent.id, body), clock.now()))
  })
  app.delete<{ Params: { id: string } }>('/agents/:id', async (req) => {
    const agent = find(req.params.id)
    store.agents.delete(agent.id)
    return { id: agent.id, deleted: true }
  })
}

function missing(id: string): never {
  throw notFound(`No agent with id "${id}".`, 'agent_not_found', 'id')
}
