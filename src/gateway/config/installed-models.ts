import type { ModelConfig, ProviderConfig } from './config-schema'
import type { GatewayConfig } from './gateway-config'

/** A chat or embedding model the model manager has installed. */
export interface InstalledLocalModel {
  name: string
  kind: 'chat' | 'embedding'
  path: string
}

/** What an installed model must not collide with: the names and aliases in use, and the files models already run on. */
export interface TakenModels {
  labels: ReadonlySet<string>
  files: ReadonlySet<string>
}

/** The provider installed models belong to: the first of type `local`. None, and they are not offered. */
export const localProviderOf = (providers: ReadonlyArray<Pick<ProviderConfig, 'id' | 'type'>>): string | undefined => providers.find((p) => p.type === 'local')?.id

/**
 * The model entry of an installed model, named as the model manager names it, or null when a model of
 * that name or on that file is already there (a model written in the config wins over an installed one).
 */
export function installedModelEntry(model: InstalledLocalModel, providerId: string, taken: TakenModels): ModelConfig | null {
  if (taken.labels.has(model.name) || taken.files.has(model.path)) return null
  return { name: model.name, provider: providerId, engine: 'llama', file: model.path, ...(model.kind === 'embedding' ? { kind: 'embedding' as const } : {}) }
}

/**
 * The config with every installed local chat and embedding model added as a model of its local
 * provider, so a person who downloaded a model can use it with no YAML (and the built-in defaults list
 * them all). Teams that list their models (`teams[].models`) get only those.
 */
export function withInstalledModels(config: GatewayConfig, installed: readonly InstalledLocalModel[]): GatewayConfig {
  const providerId = localProviderOf(config.providers)
  if (!providerId || installed.length === 0) return config
  const labels = new Set(config.models.flatMap((m) => [m.name, ...(m.aliases ?? [])]))
  const files = new Set(config.models.flatMap((m) => (m.file ? [m.file] : [])))
  const added: ModelConfig[] = []
  for (const model of installed) {
    const entry = installedModelEntry(model, providerId, { labels, files })
    if (!entry) continue
    added.push(entry)
    labels.add(entry.name)
    files.add(model.path)
  }
  return added.length ? { ...config, models: [...config.models, ...added] } : config
}
