import { isGatewayError } from '../../../shared/errors'
import type { ModelManager, ModelManagerEvents } from '../../engines/model-manager/model-manager'
import type { LocalModelKind } from '../../engines/model-manager/whisper-model-catalog'

/**
 * The local model manager as the UI uses it: the catalog with what is installed and the last failed
 * download of each model, downloads that run on after their request (progress arrives as events),
 * cancel, import, delete.
 */
export function createLocalModelsAdmin(models: ModelManager) {
  const downloads = new Map<string, AbortController>()
  const failures = new Map<string, string>()

  return {
    async list() {
      return { data: (await models.list()).map((m) => ({ ...m, error: failures.get(m.name) ?? null })) }
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
      const early = await Promise.race([running.then(() => null, (e: unknown) => e), new Promise((r) => setImmediate(r, null))])
      if (early && !controller.signal.aborted) throw early
      return { name, status: 'downloading' as const }
    },
    /** A download that the caller waits for (Ollama's `/api/pull`), with its progress; the client leaving cancels it. */
    pull(name: string, signal: AbortSignal, onProgress: (p: { receivedBytes: number; totalBytes: number | null }) => void) {
      return models.download(name, { signal, onProgress })
    },
    cancel(name: string) {
      const controller = downloads.get(name)
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
