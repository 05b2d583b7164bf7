import { GatewayError } from '../../../shared/errors'
import { modelKind, type ModelKind } from '../../../shared/model-kind'
import type { AgentRow } from '../../store/repos/agents-repo'
import type { ModelRow } from '../../store/repos/models-repo'
import type { ProviderRow } from '../../store/repos/providers-repo'
import type { TeamRow } from '../../store/repos/teams-repo'
import type { Store } from '../../store/store'
import type { Deployment } from './deployments'
import { enabledModels } from './model-access'

export interface Target {
  model: ModelRow
  provider: ProviderRow
  /** Set when the model lists deployments: the one this target is (model.providerId and model.upstream are its). */
  deployment?: Deployment
}

/** What a model row does (shared/model-kind.ts): its explicit kind, its engine, or its upstream id. */
// The row's own fields, not a copy of the whole row: every request asks it of its model.
export const kindOf = (m: ModelRow): ModelKind => modelKind({ kind: m.options.kind as ModelKind | undefined, engine: m.engine, upstream: m.upstream, name: m.name })

const modelError = (code: string, message: string) => new GatewayError({ status: 400, type: 'invalid_request_error', code, param: 'model', message })

/** `claude-*` matches `claude-opus-4-8`: `*` stands for any run of characters, everything else for itself. */
export const wildcardMatches = (pattern: string, label: string): boolean =>
  pattern.includes('*') && new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(label)

/**
 * A name, an id, an alias, then a wildcard alias (tools hard-code model names: `claude-*` sends
 * Claude Code's every model to one chosen model); the most specific wildcard (longest) wins.
 */
function findModel(store: Store, label: string): ModelRow | undefined {
  const exact = store.models.getByName(label) ?? store.models.get(label) ?? store.models.list().find((m) => m.aliases.includes(label))
  if (exact) return exact
  let best: { model: ModelRow; length: number } | undefined
  for (const model of store.models.list()) {
    for (const alias of model.aliases) if (wildcardMatches(alias, label) && alias.length > (best?.length ?? -1)) best = { model, length: alias.length }
  }
  return best?.model
}

/** An agent by UUID, or by name when no model answers to it (the admin API keeps names unique). */
export function findAgent(store: Store, label: string): AgentRow | null {
  const byId = store.agents.get(label)
  if (byId) return byId
  if (findModel(store, label)) return null
  const named = store.agents.list().filter((a) => a.name === label)
  return named.length === 1 ? named[0]! : null
}

/** `model` is a model name, an alias, a model UUID, an agent UUID or an agent name; it must be enabled for the team. */
export interface Resolved {
  target: Target
  /** Set when `model` named an agent: its model is `target`. */
  agent: AgentRow | null
}

export function resolveModel(store: Store, team: TeamRow, label: string): Resolved {
  const agent = findAgent(store, label)
  const model = findModel(store, agent ? agent.model : label)
  if (!model) {
    throw agent
      ? modelError('model_not_found', `The agent "${agent.name}" uses the model "${agent.model}", which no longer exists. Edit the agent.`)
      : modelError('model_not_found', `The model "${label}" does not exist. GET /v1/models lists the models you can use.`)
  }
  if (!enabledModels(store, team).some((m) => m.id === model.id)) {
    throw modelError('model_not_enabled', `The model "${model.name}" is not enabled for your team "${team.name}". Ask the owner to enable it, or pick one from GET /v1/models.`)
  }
  const provider = store.providers.get(model.providerId)
  if (!provider) throw modelError('model_not_found', `The provider of model "${model.name}" is gone.`)
  return { target: { model, provider }, agent }
}

/** The model itself, then its team's fallbacks that are enabled for the team, in order. */
export function fallbackChain(store: Store, team: TeamRow, first: Target, useFallbacks: boolean): Target[] {
  const names = team.fallbacks[first.model.name]
  // Most models have no fallbacks: no need to list the team's models for them.
  if (!useFallbacks || !names?.length) return [first]
  const enabled = new Set(enabledModels(store, team).map((m) => m.name))
  const chain = [first]
  for (const name of names) {
    const model = store.models.getByName(name)
    const provider = model && store.providers.get(model.providerId)
    if (model && provider && enabled.has(name) && !chain.some((t) => t.model.id === model.id)) chain.push({ model, provider })
  }
  return chain
}
