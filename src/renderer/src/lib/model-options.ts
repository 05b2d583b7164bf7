import type { Agent, ModelInfo, ProviderInfo, TeamInfo } from '../../../shared/admin-wire'

/**
 * What the gateway knows a model can do. The kind (shared/model-kind.ts) says which endpoint takes it;
 * beyond that only what holds for every model of its provider is claimed: Anthropic's chat models all
 * take tools and images, an OpenAI-compatible upstream decides for itself, so nothing more is promised.
 */
export function capabilitiesOf(model: ModelInfo, providerType: ProviderInfo['type'] | undefined): string[] {
  if (model.kind === 'speech') return ['speech']
  if (model.kind === 'transcription') return ['transcription']
  if (model.kind === 'embedding') return ['embeddings']
  if (model.engine === 'llama') return ['chat', 'local']
  if (providerType === 'anthropic') return ['chat', 'tools', 'vision']
  return ['chat']
}

export const isChatModel = (m: ModelInfo) => m.kind === 'chat'

/** The models a team may call: its list, or every model when it has none (as the gateway decides). */
export const enabledFor = (team: TeamInfo | undefined, modelName: string) => !team || team.models === null || team.models.includes(modelName)

export interface ModelOption {
  /** What goes in `model`: the model's name, or the agent's id. */
  value: string
  kind: 'model' | 'agent'
  label: string
  aliases: string[]
  detail: string
  capabilities: string[]
  pricing: ModelInfo['pricing'] | null
  searchText: string
}

const priceText = (p: ModelInfo['pricing']) =>
  p.input !== undefined || p.output !== undefined ? `${p.input ?? 0} in · ${p.output ?? 0} out per 1M` : null

/**
 * The playground's model list: the chat models the team may call, then the agents built on them.
 * Models the gateway would refuse for the team are not offered.
 */
export function modelOptions(models: ModelInfo[], providers: ProviderInfo[], agents: Agent[], team: TeamInfo | undefined): ModelOption[] {
  const typeOf = new Map(providers.map((p) => [p.id, p.type]))
  const usable = models.filter((m) => isChatModel(m) && enabledFor(team, m.name))
  const fromModels = usable.map((m): ModelOption => {
    const where = m.engine === 'llama' ? 'local llama.cpp' : `${m.provider} · ${m.upstream ?? ''}`
    return {
      value: m.name,
      kind: 'model',
      label: m.name,
      aliases: m.aliases,
      detail: [where, priceText(m.pricing)].filter(Boolean).join(' · '),
      capabilities: capabilitiesOf(m, typeOf.get(m.provider)),
      pricing: m.pricing,
      searchText: [m.name, ...m.aliases, m.provider, m.upstream ?? ''].join(' ').toLowerCase(),
    }
  })
  const usableNames = new Set(usable.map((m) => m.name))
  const fromAgents = agents
    .filter((a) => usableNames.has(a.model))
    .map((a): ModelOption => ({
      value: a.id,
      kind: 'agent',
      label: a.name,
      aliases: [],
      detail: `agent on ${a.model} · model "${a.name}" or ${a.id}`,
      capabilities: ['agent', ...(a.tools.length ? ['tools'] : [])],
      pricing: null,
      searchText: [a.name, a.model, a.id].join(' ').toLowerCase(),
    }))
  return [...fromModels, ...fromAgents]
}

export const optionLabel = (options: ModelOption[], value: string) => options.find((o) => o.value === value)?.label ?? value

/** The model to start with: the last one that answered when it is still offered, else the first offered. */
export function defaultModel(options: ModelOption[], lastModel: string | null): string | null {
  if (lastModel && options.some((o) => o.value === lastModel)) return lastModel
  return options[0]?.value ?? null
}
