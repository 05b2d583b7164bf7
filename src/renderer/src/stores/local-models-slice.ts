import { messageOf } from '../api/api-error'
import type { LocalModelEvent } from '../api/local-models-api'
import type { LocalModelInfo } from '../../../shared/admin-wire'
import { MODEL_ENGINES, type ModelEngine } from '../../../shared/model-kind'
import { newestReads } from './newest-read'
import type { LoadStatus, SliceCreator } from './store-types'
import { missingOrError } from './list-state'

/** A download seen in this window: bytes so far, and whether it ended (installed) or was paused. */
export interface DownloadProgress {
  receivedBytes: number
  totalBytes: number | null
  state: 'running' | 'paused' | 'done'
}

export interface LocalModelsSlice {
  localModels: { status: LoadStatus; error: string | null; list: LocalModelInfo[]; progress: Record<string, DownloadProgress> }
  loadLocalModels(): Promise<void>
  /** Follows the gateway's download events until the returned function is called. */
  followLocalModels(): () => void
  downloadLocalModel(name: string): Promise<void>
  /** Stops a download and keeps what arrived: downloading again resumes from there. */
  pauseLocalModel(name: string): Promise<void>
  /** Stops a download and throws away what arrived. */
  cancelLocalModel(name: string): Promise<void>
  importLocalModel(input: { path: string; name: string }): Promise<void>
  deleteLocalModel(name: string): Promise<void>
  /** Makes an installed model callable: a model row on the local provider that runs it with its engine. */
  addLocalModelAsModel(local: LocalModelInfo, name: string): Promise<void>
}

/** The engine that runs a local model of this catalog kind, if any (VAD, say, only helps whisper). */
export const engineForKind = (kind: string): ModelEngine | null => ((MODEL_ENGINES as readonly string[]).includes(kind) ? (kind as ModelEngine) : null)

/** The local model manager: catalog, installed models, downloads with live progress. */
export const createLocalModelsSlice: SliceCreator<LocalModelsSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<LocalModelsSlice['localModels']>) => set((s) => ({ localModels: { ...s.localModels, ...p } }))
  const setProgress = (name: string, p: DownloadProgress | null) =>
    set((s) => {
      const progress = { ...s.localModels.progress }
      if (p) progress[name] = p
      else delete progress[name]
      return { localModels: { ...s.localModels, progress } }
    })
  /**
   * The manager's list, and the catalog too: the gateway makes an installed chat or embedding model a
   * model of the local provider (and drops it on delete), so the playground's picker must see it.
   */
  const refresh = () => Promise.all([get().loadLocalModels(), get().loadCatalog()])
  const beginRead = newestReads()
  const onEvent = (e: LocalModelEvent) => {
    if (e.type === 'progress') {
      const { name, receivedBytes, totalBytes } = e.progress
      if (get().localModels.progress[name]?.state === 'paused') return
      setProgress(name, { receivedBytes, totalBytes, state: 'running' })
    } else if (e.type === 'installed') {
      const p = get().localModels.progress[e.name]
      if (p) setProgress(e.name, { receivedBytes: p.totalBytes ?? p.receivedBytes, totalBytes: p.totalBytes ?? p.receivedBytes, state: 'done' })
      void refresh()
    } else {
      void refresh()
    }
  }

  return {
    localModels: { status: 'idle', error: null, list: [], progress: {} },
    async loadLocalModels() {
      const isNewest = beginRead()
      patch({ status: get().localModels.status === 'ready' ? 'ready' : 'loading', error: null })
      try {
        const list = await api.localModels()
        if (!isNewest()) return
        patch({ status: 'ready', list })
        // A download that ended while nobody watched (or failed) is no longer running.
        for (const m of list) {
          const p = get().localModels.progress[m.name]
          if (p?.state === 'running' && !m.downloading) setProgress(m.name, m.installed ? { ...p, receivedBytes: p.totalBytes ?? p.receivedBytes, state: 'done' } : null)
        }
      } catch (e) {
        if (isNewest()) patch({ status: missingOrError(e), error: messageOf(e) })
      }
    },
    followLocalModels() {
      const controller = new AbortController()
      void api.followLocalModelEvents(onEvent, controller.signal).catch(() => undefined)
      return () => controller.abort()
    },
    async downloadLocalModel(name) {
      const entry = get().localModels.list.find((m) => m.name === name)
      const before = get().localModels.progress[name]
      setProgress(name, { receivedBytes: before?.receivedBytes ?? 0, totalBytes: before?.totalBytes ?? entry?.sizeBytes ?? null, state: 'running' })
      try {
        await api.downloadLocalModel(name)
      } catch (e) {
        setProgress(name, null)
        throw e
      }
      await refresh()
    },
    async pauseLocalModel(name) {
      const p = get().localModels.progress[name]
      await api.cancelLocalModel(name)
      setProgress(name, { receivedBytes: p?.receivedBytes ?? 0, totalBytes: p?.totalBytes ?? null, state: 'paused' })
      await get().loadLocalModels()
    },
    async cancelLocalModel(name) {
      await api.cancelLocalModel(name)
      // Deleting a model that is not installed removes only its partial download.
      await api.deleteLocalModel(name)
      setProgress(name, null)
      await get().loadLocalModels()
    },
    async importLocalModel(input) {
      await api.importLocalModel(input)
      await refresh()
    },
    async deleteLocalModel(name) {
      await api.deleteLocalModel(name)
      setProgress(name, null)
      await refresh()
    },
    async addLocalModelAsModel(local, name) {
      const engine = engineForKind(local.kind)
      if (!engine) throw new Error(`A ${local.kind} model is not called directly: the engines use it themselves.`)
      const provider = get().catalog.providers.find((p) => p.type === 'local')
      if (!provider) throw new Error('This gateway has no local provider: add one with type "local" first.')
      await get().addModel({ name, provider: provider.id, engine, file: local.name })
    },
  }
}
