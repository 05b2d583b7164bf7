import type { Agent, ModelInfo, ProviderInfo, TeamInfo } from '../../../shared/admin-wire'

/** What the gateway forwards to each kind of model; the upstream model decides what it really supports. */
export function capabilitiesOf(model: ModelInfo, providerType: ProviderInfo['type'] | undefined): string[] {
  if (model.kind === 'speech') return ['speech']
  if (model.kind === 'transcription') return ['transcription']
  if (model.kind === 'embedding') return ['embeddings']
  if (model.engine === 'llama') return ['chat', 'local']
  if (providerType === 'anthropic') return ['chat', 'tools', 'vision']
  return ['chat', 'tools', 'json schema', 'vision', 'audio']
}

export const isChatModel = (m: ModelInfo) => m.kind === 'chat'

export interface ModelOption {
  /** What goes in `model`: the model's name, or the agent's id. */
  value: string
  kind: 'model' | 'agent'
  label: string
  aliases: string[]
  detail: string
  capabilities: string[]
  pricing: ModelInfo['pricing'] | null
  /** Why it cannot be picked, if it cannot. */
  disabledReason: string | null
  searchText: string
}

const priceText = (p: ModelInfo['pricing']) =>
  p.input !== undefined || p.output !== undefined ? `${p.input ?? 0} in · ${p.output ?? 0} out per 1M` : null

/** The playground's model list: chat models (enabled for the team, or marked why not), then agents. */
export function modelOptions(models: ModelInfo[], providers: ProviderInfo[], agents: Agent[], team: TeamInfo | undefined): ModelOption[] {
  const typeOf = new Map(providers.map((p) => [p.id, p.type]))
  const enabled = (name: string) => !team || team.models === null || team.models.includes(name)
  const fromModels = models.filter(isChatModel).map((m): ModelOption => {
    const where = m.engine === 'llama' ? 'local llama.cpp' : `${m.provider} · ${m.upstream ?? ''}`
    return {
      value: m.name,
      kind: 'model',
      label: m.name,
      aliases: m.aliases,
      detail: [where, priceText(m.pricing)].filter(Boolean).join(' · '),
      capabilities: capabilitiesOf(m, typeOf.get(m.provider)),
      pricing: m.pricing,
      disabledReason: enabled(m.name) ? null : `not enabled for team ${team!.name}`,
      searchText: [m.name, ...m.aliases, m.provider, m.upstream ?? ''].join(' ').toLowerCase(),
    }
  })
  const fromAgents = agents.map((a): ModelOption => ({
    value: a.id,
    kind: 'agent',
    label: a.name,
    aliases: [],
    detail: `agent on ${a.model} · ${a.id}`,
    capabilities: ['agent', ...(a.tools.length ? ['tools'] : [])],
    pricing: null,
    disabledReason: null,
    searchText: [a.name, a.model, a.id].join(' ').toLowerCase(),
  }))
  return [...fromModels, ...fromAgents]
}

export const optionLabel = (options: ModelOption[], value: string) => options.find((o) => o.value === value)?.label ?? value
