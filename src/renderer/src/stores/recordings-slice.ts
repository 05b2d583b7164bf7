import { ApiError, messageOf } from '../api/api-error'
import type { RecordingInfo, RecordingPatch, RecordingSource } from '../../../shared/recording-wire'
import type { LoadStatus, SliceCreator } from './store-types'

export interface RecordingsSlice {
  recordings: { status: LoadStatus; error: string | null; list: RecordingInfo[]; query: string; selectedId: string | null }
  /** The history, newest first; `query` searches titles and transcripts. */
  loadRecordings(query?: string): Promise<void>
  selectRecording(id: string | null): void
  /** Puts a recording made or changed elsewhere (the recorder, an upload) at its place in the list. */
  keepRecording(rec: RecordingInfo): void
  updateRecording(id: string, patch: RecordingPatch): Promise<RecordingInfo>
  /** A recording streamed from the microphone (see StudioRecorder); it joins the history at once. */
  startStudioRecording(body: { title?: string; sample_rate: number }): Promise<RecordingInfo>
  appendStudioChunk(id: string, seq: number, samples: Int16Array): Promise<RecordingInfo>
  recordingAudio(id: string): Promise<Blob>
  uploadStudioRecording(file: Blob, fields: { filename: string; title?: string; source?: 'upload' | 'speech'; duration?: number }): Promise<RecordingInfo>
  deleteRecording(id: string): Promise<void>
}

/** The studio's recordings and the speech history (`/admin/recordings`). */
export const createRecordingsSlice: SliceCreator<RecordingsSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<RecordingsSlice['recordings']>) => set((s) => ({ recordings: { ...s.recordings, ...p } }))
  return {
    recordings: { status: 'idle', error: null, list: [], query: '', selectedId: null },
    async loadRecordings(query = get().recordings.query) {
      patch({ query, status: get().recordings.status === 'ready' ? 'ready' : 'loading', error: null })
      try {
        const list = await api.recordings({ q: query || undefined, limit: 200 })
        if (get().recordings.query === query) patch({ status: 'ready', list })
      } catch (e) {
        patch({ status: e instanceof ApiError && e.isMissingEndpoint ? 'missing' : 'error', error: messageOf(e) })
      }
    },
    selectRecording(id) {
      patch({ selectedId: id })
    },
    keepRecording(rec) {
      set((s) => {
        const rest = s.recordings.list.filter((r) => r.id !== rec.id)
        const list = [rec, ...rest].sort((a, b) => b.created_at - a.created_at)
        return { recordings: { ...s.recordings, list } }
      })
    },
    async updateRecording(id, p) {
      const rec = await api.updateRecording(id, p)
      get().keepRecording(rec)
      return rec
    },
    async startStudioRecording(body) {
      const rec = await api.startRecording(body)
      get().keepRecording(rec)
      return rec
    },
    async appendStudioChunk(id, seq, samples) {
      const rec = await api.appendRecordingChunk(id, seq, samples)
      get().keepRecording(rec)
      return rec
    },
    recordingAudio: (id) => api.recordingAudio(id),
    async uploadStudioRecording(file, fields) {
      const rec = await api.uploadRecording(file, fields)
      get().keepRecording(rec)
      return rec
    },
    async deleteRecording(id) {
      await api.deleteRecording(id)
      set((s) => ({ recordings: { ...s.recordings, list: s.recordings.list.filter((r) => r.id !== id), selectedId: s.recordings.selectedId === id ? null : s.recordings.selectedId } }))
    },
  }
}

/** The recordings of one kind: the studio's (microphone and uploads) or the speech history. */
export const recordingsOf = (list: RecordingInfo[], kind: 'studio' | 'speech'): RecordingInfo[] =>
  list.filter((r) => (kind === 'speech' ? r.source === 'speech' : r.source !== 'speech'))

export type { RecordingSource }
