import { messageOf } from '../api/api-error'
import type { RecordingInfo, RecordingPatch, RecordingSource, RecordingSummaryInfo } from '../../../shared/recording-wire'
import type { RecordingHit, RecordingsApi } from '../api/recordings-api'
import type { LoadStatus, SliceCreator } from './store-types'
import { newestReads } from './newest-read'
import { missingOrError } from './list-state'

export interface RecordingsSlice {
  recordings: {
    status: LoadStatus
    error: string | null
    list: RecordingInfo[]
    query: string
    selectedId: string | null
    /** Passages of transcripts matching `query`, with the moment each was said. */
    hits: RecordingHit[]
    /** Where the player of the selected recording is to start once its audio is loaded (a search hit's moment). */
    seek: { id: string; seconds: number } | null
  }
  /** Watch folders and their files' progress (Settings). */
  watchFoldersApi: Pick<RecordingsApi, 'watchFolders' | 'setWatchFolders' | 'checkWatchFolders'>
  /** The history, newest first; `query` searches titles and transcripts. */
  loadRecordings(query?: string): Promise<void>
  selectRecording(id: string | null): void
  /** Opens a recording and plays it from `seconds` (a search hit). */
  openRecordingAt(id: string, seconds: number): void
  /** The player took the pending seek. */
  seekTaken(): void
  editSegment(id: string, n: number, text: string): Promise<void>
  revertSegment(id: string, n: number): Promise<void>
  /** Streams a summary into `onDelta`, then keeps the recording with it. */
  summarizeRecording(id: string, body: { model: string; team?: string }, onDelta: (text: string) => void): Promise<RecordingSummaryInfo>
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
  // A search typed on, or a reload after a delete, while a read is on its way: only the newest is shown.
  const beginRead = newestReads()
  return {
    recordings: { status: 'idle', error: null, list: [], query: '', selectedId: null, hits: [], seek: null },
    watchFoldersApi: api,
    async loadRecordings(query = get().recordings.query) {
      const isNewest = beginRead()
      patch({ query, status: get().recordings.status === 'ready' ? 'ready' : 'loading', error: null })
      try {
        const [list, hits] = await Promise.all([api.recordings({ q: query || undefined, limit: 200 }), query.trim() ? api.searchRecordings(query).catch(() => []) : Promise.resolve([])])
        if (isNewest()) patch({ status: 'ready', list, hits })
      } catch (e) {
        if (isNewest()) patch({ status: missingOrError(e), error: messageOf(e) })
      }
    },
    selectRecording(id) {
      patch({ selectedId: id, seek: null })
    },
    openRecordingAt(id, seconds) {
      patch({ selectedId: id, seek: { id, seconds } })
      // a passage can match where the title-and-text filter of the list did not: fetch the recording then
      if (!get().recordings.list.some((r) => r.id === id)) void api.recording(id).then((rec) => get().keepRecording(rec), () => undefined)
    },
    seekTaken() {
      patch({ seek: null })
    },
    async editSegment(id, n, text) {
      get().keepRecording(await api.editSegment(id, n, text))
    },
    async revertSegment(id, n) {
      get().keepRecording(await api.revertSegment(id, n))
    },
    async summarizeRecording(id, body, onDelta) {
      const summary = await api.summarizeRecording(id, body, onDelta)
      get().keepRecording(await api.recording(id))
      return summary
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
