import type { ModelInfo, ModelInput } from '../../../shared/admin-wire'
import { badRequest } from '../../../shared/errors'
import { deploymentProblem, type DeploymentSetting, type RoutingStrategy } from '../../../shared/deployments'
import { type LocalModelSettings, localSettingsOf, localSettingsWire } from '../../../shared/local-model-settings'
import type { NativeAudioSetting } from '../../../shared/model-audio'
import type { ModelEngine, ModelKind } from '../../../shared/model-kind'
import type { ModelRow } from '../../store/repos/models-repo'
import type { RowSource } from '../../store/repos/providers-repo'
import { kindOf } from '../routing/resolve-model'
import type { AdminDeps } from './admin-deps'
import { assertAdminOwned, conflict, deleted, found } from './admin-rules'

export const modelJson = (m: ModelRow): ModelInfo => ({
  id: m.id,
  name: m.name,
  provider: m.providerId,
  upstream: m.upstream,
  engine: m.engine as ModelInfo['engine'],
  kind: kindOf(m),
  file: m.file,
  aliases: m.aliases,
  pricing: m.pricing,
  deployments: (m.options.deployments as DeploymentSetting[] | undefined) ?? null,
  routing: (m.options.routing as RoutingStrategy | undefined) ?? null,
  cooldown: (m.options.cooldownSeconds as number | undefined) ?? null,
  source: m.source,
  created_at: Math.floor(m.createdAt / 1000),
  ...localSettingsWire(m.options.local as LocalModelSettings | undefined),
})

/** The fields of a model as a PATCH starts from: what was set, not what was inferred (an inferred kind stays inferred). */
export const modelFields = (m: ModelRow): ModelInput => ({
  name: m.name,
  provider: m.providerId,
  upstream: m.upstream,
  engine: m.engine as ModelEngine | null,
  kind: (m.options.kind as ModelKind | undefined) ?? null,
  file: m.file,
  aliases: m.aliases,
  pricing: m.pricing,
  native_audio: (m.options.nativeAudio as NativeAudioSetting | undefined) ?? null,
  deployments: (m.options.deployments as DeploymentSetting[] | undefined) ?? null,
  routing: (m.options.routing as RoutingStrategy | undefined) ?? null,
  cooldown: (m.options.cooldownSeconds as number | undefined) ?? null,
  ...localSettingsWire(m.options.local as LocalModelSettings | undefined),
})

/** A model's row from its fields, as the config file or the admin API give them. */
export const modelRow = (m: ModelInput, id: string, source: RowSource) => ({
  id,
  name: m.name,
  providerId: m.provider,
  upstream: m.upstream ?? null,
  engine: m.engine ?? null,
  file: m.file ?? null,
  aliases: m.aliases ?? [],
  pricing: m.pricing ?? {},
  options: {
    ...(m.kind ? { kind: m.kind } : {}),
    ...(m.native_audio ? { nativeAudio: m.native_audio } : {}),
    ...(m.deployments?.length ? { deployments: m.deployments.map((d) => ({ provider: d.provider, upstream: d.upstream, weight: d.weight ?? 1 })) } : {}),
    ...(m.routing ? { routing: m.routing } : {}),
    ...(m.cooldown !== undefined && m.cooldown !== null ? { cooldownSeconds: m.cooldown } : {}),
    ...optionalLocal(localSettingsOf(m)),
  },
  source,
})

const optionalLocal = (local: LocalModelSettings | undefined) => (local ? { local } : {})

/** Models: names and aliases unique together; each needs what its provider's kind asks for. */
export function createModelsAdmin({ store, clock, ids, configSource }: AdminDeps) {
  const check = (body: ModelInput, selfId: string | null) => {
    const provider = store.providers.get(body.provider)
    if (!provider) throw badRequest(`Unknown provider "${body.provider}".`, 'provider')
    if (provider.type === 'local' && !body.engine) throw badRequest('A model on a local provider needs an engine: whisper, tts or llama.', 'engine')
    if (provider.type !== 'local' && !body.upstream) throw badRequest(`A model on the ${provider.type} provider needs the upstream model id.`, 'upstream')
    const problem = deploymentProblem(body, provider.type, (id) => store.providers.get(id)?.type)
    if (problem) throw badRequest(problem.message, problem.param)
    const labels = new Map<string, string>()
    for (const m of store.models.list()) {
      if (m.id === selfId) continue
      for (const l of [m.name, ...m.aliases]) labels.set(l, m.name)
    }
    for (const l of [body.name, ...(body.aliases ?? [])]) {
      if (labels.has(l)) throw conflict(`"${l}" already names model "${labels.get(l)}".`, l === body.name ? 'name' : 'aliases')
      if (store.agents.list().some((a) => a.name === l)) throw conflict(`"${l}" already names an agent.`, l === body.name ? 'name' : 'aliases')
    }
  }
  const find = (id: string) => found(store.models.get(id), 'model', id, 'model_not_found')
  const editable = (id: string) => {
    const model = find(id)
    assertAdminOwned(model, `Model "${model.name}"`, configSource)
    return model
  }

  return {
    list: (): ModelInfo[] => store.models.list().map(modelJson),
    /** A model as PATCH sees it before the change, for merging a partial body. */
    fieldsOf: (id: string): ModelInput => modelFields(editable(id)),
    create(body: ModelInput): ModelInfo {
      check(body, null)
      return modelJson(store.models.upsert(modelRow(body, ids.uuid(), 'admin'), clock.now()))
    },
    replace(id: string, body: ModelInput): ModelInfo {
      const model = editable(id)
      check(body, model.id)
      return modelJson(store.models.upsert(modelRow(body, model.id, 'admin'), clock.now()))
    },
    remove(id: string) {
      const model = editable(id)
      store.models.delete(model.id)
      return deleted(model.id)
    },
  }
}
