import { isGatewayError, notFound } from '../../../shared/errors'
import type { EngineStats } from '../../engines/host/engine-host'
import type { GpuBackendReport } from '../../engines/llama/llama-protocol'
import type { ModelManager, ModelManagerEvents } from '../../engines/model-manager/model-manager'
import type { LocalModelKind } from '../../engines/model-manager/whisper-model-catalog'
import type { LoadedLlamaModel } from '../../providers/local/local-engines'
import type { HubModels } from '../local-models/hub-models'
import { isoTime } from '../../kernel/iso-time'

/** The local engines as the admin API reports them (see providers/local/local-engines.ts). */
export interface EnginesView {
  backend: () => Promise<GpuBackendReport>
  loaded: () => Promise<LoadedLlamaModel[]>
  stats: () => EngineStats[]
  /** The engine settings every model starts from (engines.*). */
  settings: Record<string, unknown>
}

/** A download of a hub file, from start to installed: its progress, or why it stopped. */
interface HubDownload {
  name: string
  repo: string
  file: string
  state: 'downloading' | 'paused' | 'failed'
  receivedBytes: number
  totalBytes: number | null
  error: string | null
  controller: AbortController
}

const hubDownloadJson = ({ controller: _, ...d }: HubDownload) => ({ name: d.name, repo: d.repo, file: d.file, state: d.state, received_bytes: d.receivedBytes, total_bytes: d.totalBytes, error: d.error })

/** Resolves with an error the call throws at once (an unknown name, a download already running), else null once it is under way. */
const earlyFailure = (running: Promise<unknown>) => Promise.race([running.then(() => null, (e: unknown) => e), new Promise((r) => setImmediate(r, null))])

/**
 * The local model manager as the UI uses it: the catalog with what is installed and the last failed
 * download of each model, downloads that run on after their request (progress arrives as events),
 * cancel, import, delete.
 */
export function createLocalModelsAdmin(models: ModelManager, extras: { hub?: HubModels; engines?: EnginesView } = {}) {
  const downloads = new Map<string, AbortController>()
  const failures = new Map<string, string>()
  const hubDownloads = new Map<string, HubDownload>()
  const hub = () => extras.hub ?? (() => { throw notFound('This gateway has no model hub configured.', 'hub_unavailable') })()
  // A model is never listed both installed and downloading: its download leaves the list the moment the model
  // is installed, not once the partial file's leftovers have been removed after it.
  models.on('installed', (m) => {
    if (hubDownloads.get(m.name)?.state === 'downloading') hubDownloads.delete(m.name)
  })

  return {
    async list() {
      return { data: (await models.list()).map((m) => ({ ...m, error: failures.get(m.name) ?? null })), downloads: [...hubDownloads.values()].map(hubDownloadJson) }
    },
    search: (q: string) => hub().search(q),
    hubFiles: (repo: string) => hub().files(repo),
    /**
     * Starts (or resumes, from the bytes already on disk) the download of one hub file; progress arrives
     * as `progress` events and in `list().downloads`. Errors known at once are thrown here.
     */
    async downloadFromHub(repo: string, file: string, name?: string) {
      const found = await hub().entryFor(repo, file, name)
      // A catalog model's own file installs as that model (see ModelManager.downloadFile).
      const entry = { ...found, name: models.catalogEntryOfFile(found.fileName)?.name ?? found.name }
      const controller = new AbortController()
      const running = models.downloadFile(entry, {
        signal: controller.signal,
        onProgress: (p) => {
          const d = hubDownloads.get(entry.name)
          if (d?.controller === controller) Object.assign(d, { receivedBytes: p.receivedBytes, totalBytes: p.totalBytes })
        },
      })
      const early = await earlyFailure(running)
      if (early) throw early
      const previous = hubDownloads.get(entry.name)
      const download: HubDownload = { name: entry.name, repo, file, state: 'downloading', receivedBytes: previous?.receivedBytes ?? 0, totalBytes: entry.sizeBytes, error: null, controller }
      hubDownloads.set(entry.name, download)
      // Once installed, the 'installed' listener above removes it; a failure or a pause stays listed.
      running.catch((err: unknown) => {
        if (hubDownloads.get(entry.name) !== download) return
        if (controller.signal.aborted) download.state = 'paused'
        else Object.assign(download, { state: 'failed', error: isGatewayError(err) ? err.message : (err as Error).message })
      })
      return { name: entry.name, repo, file, status: 'downloading' as const }
    },
    /** Resumes a paused or failed hub download where it stopped. */
    resume(name: string) {
      const d = hubDownloads.get(name)
      if (!d || d.state === 'downloading') throw notFound(`No paused download is called "${name}".`, 'download_not_found', 'name')
      return this.downloadFromHub(d.repo, d.file, d.name)
    },
    /** The llama.cpp build (GPU or CPU and why), the machine's memory, the models loaded now and the engines' queues. */
    async engines() {
      const view = extras.engines
      if (!view) return { llama: null, engines: [] }
      const [report, loaded] = await Promise.all([view.backend(), view.loaded()])
      return {
        llama: {
          requested: report.requested,
          backend: report.backend,
          devices: report.devices,
          vram: report.vram && { total_bytes: report.vram.totalBytes, free_bytes: report.vram.freeBytes },
          ram: { total_bytes: report.ram.totalBytes, free_bytes: report.ram.freeBytes },
          reason: report.reason,
          settings: view.settings,
          loaded: loaded.map((m) => ({
            name: m.name,
            file: m.path,
            running: m.running,
            queued: m.queued,
            parallel: m.parallel,
            ram_bytes: m.ramBytes,
            vram_bytes: m.vramBytes,
            expires_at: m.expiresAt === null ? null : isoTime(m.expiresAt),
          })),
        },
        engines: view.stats().map(({ slots: _, ...s }) => s),
      }
    },
    /** Starts a download; errors known at once (unknown name, already downloading) are thrown here. */
    async startDownload(name: string) {
      const controller = new AbortController()
      const running = models.download(name, { signal: controller.signal })
      downloads.set(name, controller)
      failures.delete(name)
      running
        .catch((err: unknown) => {
          if (!controller.signal.aborted) failures.set(name, isGatewayError(err) ? err.message : (err as Error).message)
        })
        .finally(() => {
          if (downloads.get(name) === controller) downloads.delete(name)
        })
      const early = await earlyFailure(running)
      if (early && !controller.signal.aborted) throw early
      return { name, status: 'downloading' as const }
    },
    /** A download that the caller waits for (Ollama's `/api/pull`), with its progress; the client leaving cancels it. */
    pull(name: string, signal: AbortSignal, onProgress: (p: { receivedBytes: number; totalBytes: number | null }) => void) {
      return models.download(name, { signal, onProgress })
    },
    /** Stops a download; its bytes stay on disk, so downloading it again resumes (pause). */
    cancel(name: string) {
      const controller = downloads.get(name) ?? (hubDownloads.get(name)?.state === 'downloading' ? hubDownloads.get(name)!.controller : undefined)
      controller?.abort()
      return { name, cancelled: controller !== undefined }
    },
    import: (path: string, name: string, kind?: LocalModelKind) => models.import(path, { name, kind }),
    remove: async (name: string) => ({ name, deleted: await models.delete(name) }),
    /** Calls `send(event, data)` for every manager event until the returned function is called. */
    subscribe(send: (event: keyof ModelManagerEvents, data: unknown) => void): () => void {
      const events: Array<keyof ModelManagerEvents> = ['progress', 'installed', 'deleted']
      const listeners = events.map((event) => [event, (data: unknown) => send(event, data)] as const)
      for (const [event, fn] of listeners) models.on(event, fn as never)
      return () => {
        for (const [event, fn] of listeners) models.off(event, fn as never)
      }
    },
  }
}

export type LocalModelsAdmin = ReturnType<typeof createLocalModelsAdmin>
