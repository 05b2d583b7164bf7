import { notFound } from '../../../shared/errors'
import type { ModelRow } from '../../store/repos/models-repo'
import type { TeamRow } from '../../store/repos/teams-repo'
import type { Store } from '../../store/store'
import { isoTime } from '../../kernel/iso-time'

/** The models a team may call: its list, or every model when the team lists none (`models` omitted). */
export function enabledModels(store: Store, team: TeamRow): readonly ModelRow[] {
  const all = store.models.list()
  if (team.models === null) return all
  const allowed = new Set(team.models)
  return all.filter((m) => allowed.has(m.name))
}

/** A model as `GET /v1/models` lists it (OpenAI's shape, plus our id and aliases). */
export const openAiModel = (m: ModelRow) => ({
  id: m.name,
  object: 'model' as const,
  created: Math.floor(m.createdAt / 1000),
  owned_by: m.providerId,
  svc_model_id: m.id,
  aliases: m.aliases,
})

/** A model as Anthropic's `GET /v1/models` lists it, for clients that send `anthropic-version`. */
export const anthropicModel = (m: ModelRow) => ({
  type: 'model' as const,
  id: m.name,
  display_name: m.name,
  created_at: isoTime(m.createdAt),
})

export type ModelShape = 'openai' | 'anthropic'

/** `GET /v1/models` and `GET /v1/models/{model}`: the team's enabled models, found by name, id or alias. */
export function createModelList(store: Store) {
  return {
    list(team: TeamRow, shape: ModelShape = 'openai') {
      const models = enabledModels(store, team)
      if (shape === 'openai') return { object: 'list' as const, data: models.map(openAiModel) }
      const data = models.map(anthropicModel)
      return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data[data.length - 1]?.id ?? null }
    },
    get(team: TeamRow, wanted: string, shape: ModelShape = 'openai') {
      const model = enabledModels(store, team).find((m) => m.name === wanted || m.id === wanted || m.aliases.includes(wanted))
      if (!model) throw notFound(`The model "${wanted}" does not exist or is not enabled for your team.`, 'model_not_found', 'model')
      return shape === 'openai' ? openAiModel(model) : anthropicModel(model)
    },
  }
}

export type ModelList = ReturnType<typeof createModelList>
