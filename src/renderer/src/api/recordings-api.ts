import type { RecordingInfo, RecordingPatch, RecordingSource } from '../../../shared/recording-wire'
import type { Connection } from './connection'
import { requestJson, send } from './http'

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
  }
}
