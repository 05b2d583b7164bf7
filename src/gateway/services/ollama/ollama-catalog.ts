/**
 * The Ollama API's model endpoints over the gateway's models: `/api/tags` (what the team may use),
 * `/api/show`, `/api/ps` (local models that answered within the engines' keep-warm time). Upstream
 * models have no size, digest or file: those read as 0 and a digest of their id.
 */
import { createHash } from 'node:crypto'
import { notFound } from '../../../shared/errors'
import type { ModelRow } from '../../store/repos/models-repo'
import type { TeamRow } from '../../store/repos/teams-repo'
import type { Store } from '../../store/store'
import { enabledModels } from '../routing/model-access'
import { kindOf } from '../routing/resolve-model'

/** What this gateway answers `/api/version` with: a recent Ollama API version, since clients compare it. */
export const OLLAMA_API_VERSION = '0.12.6'
/** How long the llama engine keeps a model loaded after its last request (its default). */
const KEEP_WARM_MS = 5 * 60_000

const digest = (m: ModelRow) => createHash('sha256').update(m.id).digest('hex')
const family = (m: ModelRow) => m.engine ?? m.providerId

function details(m: ModelRow) {
  return { parent_model: '', format: m.file ? 'gguf' : '', family: family(m), families: [family(m)], parameter_size: '', quantization_level: '' }
}

function tag(m: ModelRow) {
  return { name: m.name, model: m.name, modified_at: new Date(m.updatedAt).toISOString(), size: 0, digest: digest(m), details: details(m) }
}

/** Ollama's capabilities: chat models complete (and call tools), embedding models embed. */
const capabilities = (m: ModelRow) => (kindOf(m) === 'embedding' ? ['embedding'] : kindOf(m) === 'chat' ? ['completion', 'tools'] : [])

export function createOllamaCatalog(store: Store, now: () => number) {
  /** Chat and embedding models the team may call: the kinds the Ollama API serves. */
  const usable = (team: TeamRow) => enabledModels(store, team).filter((m) => kindOf(m) === 'chat' || kindOf(m) === 'embedding')
  const find = (team: TeamRow, name: string) => {
    const m = usable(team).find((x) => x.name === name || x.aliases.includes(name) || x.name === name.replace(/:latest$/, ''))
    if (!m) throw notFound(`model "${name}" not found, try pulling it first`, 'model_not_found', 'model')
    return m
  }
  return {
    tags: (team: TeamRow) => ({ models: usable(team).map(tag) }),

    show(team: TeamRow, name: string) {
      const m = find(team, name)
      return { modelfile: `# served by Gatehouse\nFROM ${m.name}\n`, parameters: '', template: '', details: details(m), model_info: { 'general.architecture': family(m) }, capabilities: capabilities(m), modified_at: tag(m).modified_at }
    },

    ps(team: TeamRow) {
      const since = now() - KEEP_WARM_MS
      const recent = new Set(store.usage.list({ teamId: team.id, limit: 200 }).filter((r) => r.createdAt >= since && r.status === 200).map((r) => r.modelName))
      const loaded = usable(team).filter((m) => m.engine === 'llama' && recent.has(m.name))
      return { models: loaded.map((m) => ({ ...tag(m), expires_at: new Date(now() + KEEP_WARM_MS).toISOString(), size_vram: 0 })) }
    },
  }
}

export type OllamaCatalog = ReturnType<typeof createOllamaCatalog>
