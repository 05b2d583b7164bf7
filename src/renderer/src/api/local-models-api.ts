import type { LocalModelInfo, LocalModelProgress } from '../../../shared/admin-wire'
import type { Connection } from './connection'
import { requestJson, send } from './http'
import { readEventStream } from './sse-parser'

export type LocalModelEvent =
  | { type: 'progress'; progress: LocalModelProgress }
  | { type: 'installed'; name: string }
  | { type: 'deleted'; name: string }

/** The gateway's local model manager: catalog, downloads with live progress, import, delete. */
export interface LocalModelsApi {
  localModels(): Promise<LocalModelInfo[]>
  /** Starts (or resumes: a paused download keeps its partial file) a download; progress comes as events. */
  downloadLocalModel(name: string): Promise<void>
  /** Stops a download; its partial file stays, so downloading again resumes. */
  cancelLocalModel(name: string): Promise<void>
  /** Copies a model file that is on the gateway's machine in under `name`. */
  importLocalModel(input: { path: string; name: string }): Promise<void>
  /** Removes an installed model and any partial download of it. */
  deleteLocalModel(name: string): Promise<void>
  /** Follows `GET /admin/local-models/events` until the signal aborts or the stream ends. */
  followLocalModelEvents(onEvent: (e: LocalModelEvent) => void, signal: AbortSignal): Promise<void>
}

export function createLocalModelsApi(conn: Connection): LocalModelsApi {
  const enc = encodeURIComponent
  const admin = <T>(path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown) => requestJson<T>(conn, `/admin/local-models${path}`, { method, body, auth: 'admin' })
  return {
    localModels: async () => (await admin<{ data: LocalModelInfo[] }>('')).data,
    downloadLocalModel: async (name) => void (await admin(`/${enc(name)}/download`, 'POST', {})),
    cancelLocalModel: async (name) => void (await admin(`/${enc(name)}/cancel`, 'POST', {})),
    importLocalModel: async (input) => void (await admin('/import', 'POST', input)),
    deleteLocalModel: async (name) => void (await admin(`/${enc(name)}`, 'DELETE')),
    async followLocalModelEvents(onEvent, signal) {
      // EventSource cannot send the admin header or token, so the stream is read with fetch.
      const res = await send(conn, '/admin/local-models/events', { auth: 'admin', signal })
      await readEventStream(res, (data, event) => {
        let payload: unknown
        try {
          payload = JSON.parse(data)
        } catch {
          return
        }
        if (event === 'progress') onEvent({ type: 'progress', progress: payload as LocalModelProgress })
        else if (event === 'installed') onEvent({ type: 'installed', name: (payload as { name: string }).name })
        else if (event === 'deleted') onEvent({ type: 'deleted', name: payload as string })
      }).catch((e: unknown) => {
        if (!signal.aborted) throw e
      })
    },
  }
}
