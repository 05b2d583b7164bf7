import type { RecordingInfo, RecordingPatch, RecordingSource, RecordingSummaryInfo, SummaryEvent } from '../../../shared/recording-wire'
import { ApiError } from './api-error'
import type { Connection } from './connection'
import { requestJson, send } from './http'
import { readEventStream } from './sse-parser'

/** A passage of a recording that matched a search, with the seconds it spans. */
export interface RecordingHit {
  recording_id: string
  document_name: string
  start: number
  end: number
  text: string
}

export interface WatchFolderInfo {
  path: string
  model: string
  language?: string
  team?: string
  source: 'config' | 'admin'
  /** Why it is not watched (it does not exist, say). */
  problem?: string
}

export interface WatchedFileInfo {
  path: string
  folder: string
  size: number
  /** `settling`: still being written; then queued, transcribing, done or failed. */
  state: 'settling' | 'queued' | 'transcribing' | 'done' | 'failed'
  recording_id: string | null
  error: string | null
  updated_at: number
}

export interface WatchFoldersStatus {
  folders: WatchFolderInfo[]
  files: WatchedFileInfo[]
}

export const RECORDINGS_COLLECTION = 'Recordings'

/** `/admin/recordings`: the audio studio's recordings and the speech history. */
export interface RecordingsApi {
  recordings(query: { q?: string; source?: RecordingSource; limit?: number }): Promise<RecordingInfo[]>
  recording(id: string): Promise<RecordingInfo>
  /** A recording to stream chunks of 16-bit mono PCM into. */
  startRecording(body: { title?: string; sample_rate: number }): Promise<RecordingInfo>
  /** Chunk `seq` (from 0); resolves once the gateway has it on disk. Resending an acknowledged chunk is harmless. */
  appendRecordingChunk(id: string, seq: number, samples: Int16Array): Promise<RecordingInfo>
  uploadRecording(file: Blob, fields: { filename: string; title?: string; source?: 'upload' | 'speech'; duration?: number }): Promise<RecordingInfo>
  updateRecording(id: string, patch: RecordingPatch): Promise<RecordingInfo>
  deleteRecording(id: string): Promise<void>
  /** The audio as a file (a streamed recording comes as WAV). */
  recordingAudio(id: string): Promise<Blob>
  /** Passages of every recording's transcript that match, each with its recording and seconds ("Recordings" collection). */
  searchRecordings(query: string): Promise<RecordingHit[]>
  /** Corrects segment `n` (from 0); the machine text is kept beside it. */
  editSegment(id: string, n: number, text: string): Promise<RecordingInfo>
  revertSegment(id: string, n: number): Promise<RecordingInfo>
  /** Asks a chat model for a summary, `onDelta` getting its text as it comes; resolves with the summary kept. */
  summarizeRecording(id: string, body: { model: string; team?: string }, onDelta: (text: string) => void): Promise<RecordingSummaryInfo>
  watchFolders(): Promise<WatchFoldersStatus>
  /** Replaces the folders set in Settings (the config file's stay). */
  setWatchFolders(folders: Array<Omit<WatchFolderInfo, 'source'>>): Promise<WatchFoldersStatus>
  checkWatchFolders(): Promise<WatchFoldersStatus>
}

export function createRecordingsApi(conn: Connection): RecordingsApi {
  const enc = encodeURIComponent
  const admin = <T>(path: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET', body?: unknown) => requestJson<T>(conn, `/admin${path}`, { method, body, auth: 'admin' })
  return {
    recordings: (q) => {
      const params = new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]))
      return admin<{ data: RecordingInfo[] }>(`/recordings${params.size ? `?${params}` : ''}`).then((r) => r.data)
    },
    recording: (id) => admin(`/recordings/${enc(id)}`),
    startRecording: (body) => admin('/recordings', 'POST', body),
    appendRecordingChunk: async (id, seq, samples) => {
      const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)
      const res = await send(conn, `/admin/recordings/${enc(id)}/chunks/${seq}`, { method: 'PUT', body: new Blob([bytes.slice()]), auth: 'admin', headers: { 'content-type': 'application/octet-stream' } })
      return (await res.json()) as RecordingInfo
    },
    uploadRecording: (file, fields) => {
      const form = new FormData()
      if (fields.title) form.append('title', fields.title)
      if (fields.source) form.append('source', fields.source)
      if (fields.duration !== undefined) form.append('duration', String(Math.round(fields.duration * 1000) / 1000))
      form.append('file', file, fields.filename)
      return requestJson(conn, '/admin/recordings/upload', { method: 'POST', body: form, auth: 'admin' })
    },
    updateRecording: (id, patch) => admin(`/recordings/${enc(id)}`, 'PATCH', patch),
    deleteRecording: async (id) => void (await admin(`/recordings/${enc(id)}`, 'DELETE')),
    recordingAudio: async (id) => (await send(conn, `/admin/recordings/${enc(id)}/audio`, { auth: 'admin' })).blob(),
    searchRecordings: async (query) => {
      const collections = (await admin<{ data: Array<{ id: string; name: string }> }>('/collections')).data
      const own = collections.find((c) => c.name === RECORDINGS_COLLECTION)
      if (!own) return []
      const hits = await admin<{ data: Array<Partial<RecordingHit> & { text: string; document_name: string }> }>(`/collections/${enc(own.id)}/search`, 'POST', { query })
      return hits.data.filter((h): h is RecordingHit => typeof h.recording_id === 'string')
    },
    editSegment: (id, n, text) => admin(`/recordings/${enc(id)}/segments/${n}`, 'PATCH', { text }),
    revertSegment: (id, n) => admin(`/recordings/${enc(id)}/segments/${n}/edit`, 'DELETE'),
    summarizeRecording: async (id, body, onDelta) => {
      const res = await send(conn, `/admin/recordings/${enc(id)}/summarize`, { method: 'POST', body, auth: 'admin' })
      let done: RecordingSummaryInfo | null = null
      let failure: ApiError | null = null
      await readEventStream(res, (data) => {
        const event = JSON.parse(data) as SummaryEvent
        if (event.type === 'delta') onDelta(event.text)
        else if (event.type === 'done') done = event.summary
        else failure = new ApiError(event.error.message, { status: 502, code: event.error.code })
      })
      if (failure) throw failure
      if (!done) throw new ApiError('The summary stream ended before the summary.', { status: 502, code: 'stream_cut' })
      return done
    },
    watchFolders: () => admin('/watch-folders'),
    setWatchFolders: (folders) => requestJson(conn, '/admin/watch-folders', { method: 'PUT', body: { folders }, auth: 'admin' }),
    checkWatchFolders: () => admin('/watch-folders/check', 'POST'),
  }
}
