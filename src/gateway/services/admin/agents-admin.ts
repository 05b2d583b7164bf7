import type { Agent, AgentInput } from '../../../shared/admin-wire'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import { badRequest } from '../../../shared/errors'
import type { AgentRow } from '../../store/repos/agents-repo'
import type { AdminDeps } from './admin-deps'
import { conflict, deleted, found } from './admin-rules'

const agentJson = (a: AgentRow): Agent => ({
  id: a.id,
  object: 'agent',
  name: a.name,
  model: a.model,
  system_prompt: a.systemPrompt,
  params: a.params,
  tools: a.tools,
  created_at: Math.floor(a.createdAt / 1000),
})

/** Agents: saved presets (model, system prompt, parameters, tools), callable by their UUID or their unique name as `model`. */
export function createAgentsAdmin({ store, clock, ids }: AdminDeps) {
  /** An agent must make a valid chat request on its own: the same validation a request gets. */
  const check = (body: AgentInput, selfId: string | null) => {
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
  const toRow = (id: string, body: AgentInput) => ({
    id,
    name: body.name,
    model: body.model,
    systemPrompt: body.system_prompt ?? null,
    params: body.params ?? {},
    tools: body.tools ?? [],
  })
  const find = (id: string) => found(store.agents.get(id), 'agent', id, 'agent_not_found')

  return {
    list: (): Agent[] => store.agents.list().map(agentJson),
    get: (id: string): Agent => agentJson(find(id)),
    /** An agent as PATCH sees it before the change, for merging a partial body. */
    fieldsOf(id: string): AgentInput {
      const a = find(id)
      return { name: a.name, model: a.model, system_prompt: a.systemPrompt, params: a.params, tools: a.tools }
    },
    create(body: AgentInput): Agent {
      check(body, null)
      return agentJson(store.agents.upsert(toRow(ids.uuid(), body), clock.now()))
    },
    replace(id: string, body: AgentInput): Agent {
      const agent = find(id)
      check(body, agent.id)
      return agentJson(store.agents.upsert(toRow(agent.id, body), clock.now()))
    },
    remove(id: string) {
      const agent = find(id)
      store.agents.delete(agent.id)
      return deleted(agent.id)
    },
  }
}
