import { dirname, resolve } from 'node:path'
import { installedModelEntry, type InstalledLocalModel, localProviderOf } from '../../config/installed-models'
import type { InstalledModel, ModelManager } from '../../engines/model-manager/model-manager'
import type { Clock, IdGenerator } from '../../kernel/runtime'
import type { Store } from '../../store/store'
import { modelRow } from '../admin/models-admin'

const offered = (m: InstalledModel): m is InstalledModel & { kind: InstalledLocalModel['kind'] } => m.kind === 'chat' || m.kind === 'embedding'

/** Every installed chat and embedding model, for the config the gateway starts with. */
export async function installedLocalModels(models: ModelManager): Promise<InstalledLocalModel[]> {
  const found = [...(await models.installedOf('chat')), ...(await models.installedOf('embedding'))]
  return found.filter(offered).map((m) => ({ name: m.name, kind: m.kind, path: m.path }))
}

/**
 * Keeps the model rows of installed models in step with the model manager while the gateway runs: a
 * model it installs becomes a model of the local provider at once, one it deletes stops being one.
 * At start-up the same rows come from the config (withInstalledModels), so ids survive restarts.
 * The rows are the config's (source `config`): they are changed in the model manager, not the admin API.
 */
export function followInstalledModels(deps: { store: Store; clock: Clock; ids: IdGenerator; models: ModelManager; modelsDir: string }): () => void {
  const { store, clock, ids, models } = deps
  const modelsDir = resolve(deps.modelsDir)
  const onInstalled = (m: InstalledModel) => {
    const providerId = localProviderOf(store.providers.list())
    if (!offered(m) || !providerId) return
    const rows = store.models.list()
    const labels = new Set([...rows.flatMap((r) => [r.name, ...r.aliases]), ...store.agents.list().map((a) => a.name)])
    const files = new Set(rows.flatMap((r) => (r.file ? [r.file] : [])))
    const entry = installedModelEntry({ name: m.name, kind: m.kind, path: m.path }, providerId, { labels, files })
    if (entry) store.models.upsert(modelRow(entry, ids.uuid(), 'config'), clock.now())
  }
  const onDeleted = (name: string) => {
    const row = store.models.getByName(name)
    // Only the row this follower made: a model of the config file that shares the name stays.
    if (row?.engine === 'llama' && row.source === 'config' && row.file && dirname(resolve(row.file)) === modelsDir) store.models.delete(row.id)
  }
  models.on('installed', onInstalled)
  models.on('deleted', onDeleted)
  return () => {
    models.off('installed', onInstalled)
    models.off('deleted', onDeleted)
  }
}
