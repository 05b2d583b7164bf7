/**
 * The Ollama API's model endpoints over the gateway's models: `/api/tags` (what the team may use),
 * `/api/show`, `/api/ps` (the local models loaded now, with their memory and when they unload). Upstream
 * models have no size, digest or file: those read as 0 and a digest of their id.
 */
import { createHash } from 'node:crypto'
import { notFound } from '../../../shared/errors'
import type { ModelRow } from '../../store/repos/models-repo'
import type { TeamRow } from '../../store/repos/teams-repo'
import type { Store } from '../../store/store'
import { enabledModels } from '../routing/model-access'
import { kindOf } from '../routing/resolve-model'
import { isoTime } from '../../kernel/iso-time'

/** What this gateway answers `/api/version` with: a recent Ollama API version, since clients compare it. */
export const OLLAMA_API_VERSION = '0.12.6'
/** What `/api/ps` shows as the expiry of a model that stays loaded (Ollama shows a date far ahead too). */
const FOREVER = '2318-01-01T00:00:00.000Z'

/** A model loaded in a local engine now (see providers/local/local-engines.ts). */
export interface LoadedModelInfo {
  path: string
  name: string | null
  ramBytes: number
  vramBytes: number
  expiresAt: number | null
}

const digest = (m: ModelRow) => createHash('sha256').update(m.id).digest('hex')
const family = (m: ModelRow) => m.engine ?? m.providerId

function details(m: ModelRow) {
  return { parent_model: '', format: m.file ? 'gguf' : '', family: family(m), families: [family(m)], parameter_size: '', quantization_level: '' }
}

function tag(m: ModelRow) {
  return { name: m.name, model: m.name, modified_at: isoTime(m.updatedAt), size: 0, digest: digest(m), details: details(m) }
}

/** Ollama's capabilities: chat models complete (and call tools), embedding models embed. */
const capabilities = (m: ModelRow) => (kindOf(m) === 'embedding' ? ['embedding'] : kindOf(m) === 'chat' ? ['completion', 'tools'] : [])

export function createOllamaCatalog(store: Store, loaded: () => Promise<LoadedModelInfo[]> = async () => []) {
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

    async ps(team: TeamRow) {
      const running = await loaded()
      const models = usable(team).flatMap((m) => {
        const l = m.engine === 'llama' ? running.find((x) => x.path === m.file || x.name === m.name) : undefined
        if (!l) return []
        const expires = l.expiresAt === null ? FOREVER : isoTime(l.expiresAt)
        return [{ ...tag(m), size: l.ramBytes + l.vramBytes, expires_at: expires, size_vram: l.vramBytes }]
      })
      return { models }
    },
  }
}

export type OllamaCatalog = ReturnType<typeof createOllamaCatalog>
