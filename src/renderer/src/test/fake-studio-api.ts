import type { RecordingInfo } from '../../../shared/recording-wire'
import type { BatchesApi } from '../api/batches-api'
import type { RecordingsApi } from '../api/recordings-api'
import type { TranscriptionApi } from '../api/transcription-api'
import type { UsageQueryApi } from '../api/usage-api'

const notInFake = (what: string) => async (): Promise<never> => {
  throw new Error(`${what} is not in the fake gateway`)
}

/** Recordings kept in memory (newest first, searched by title and transcript); batches and usage queries are not in the fake. */
export function fakeStudioApi(): RecordingsApi & TranscriptionApi & BatchesApi & UsageQueryApi & { recordingRows: RecordingInfo[] } {
  const rows: RecordingInfo[] = []
  let n = 0
  const find = (id: string) => rows.find((r) => r.id === id)!
  return {
    recordingRows: rows,
    recordings: async (q) =>
      structuredClone(rows.filter((r) => (!q.source || r.source === q.source) && (!q.q || `${r.title} ${r.transcript?.text ?? ''}`.toLowerCase().includes(q.q.toLowerCase())))),
    recording: async (id) => structuredClone(find(id)),
    startRecording: async (body) => {
      const r: RecordingInfo = { id: `rec-${++n}`, object: 'recording', title: body.title ?? 'Recording', source: 'microphone', state: 'recording', content_type: 'audio/L16', filename: null, sample_rate: body.sample_rate, bytes: 0, chunks: 0, duration: 0, transcript: null, team_id: null, summary: null, created_at: n, updated_at: n }
      rows.unshift(r)
      return structuredClone(r)
    },
    appendRecordingChunk: async (id, seq, samples) => {
      const r = find(id)
      if (seq === r.chunks) Object.assign(r, { chunks: r.chunks + 1, bytes: r.bytes + samples.byteLength, duration: (r.bytes + samples.byteLength) / 2 / r.sample_rate! })
      return structuredClone(r)
    },
    uploadRecording: async (file, fields) => {
      const r: RecordingInfo = { id: `rec-${++n}`, object: 'recording', title: fields.title ?? fields.filename, source: fields.source ?? 'upload', state: 'complete', content_type: file.type, filename: fields.filename, sample_rate: null, bytes: file.size, chunks: 0, duration: fields.duration ?? null, transcript: null, team_id: null, summary: null, created_at: n, updated_at: n }
      rows.unshift(r)
      return structuredClone(r)
    },
    updateRecording: async (id, patch) => Object.assign(find(id), patch),
    deleteRecording: async (id) => void rows.splice(rows.indexOf(find(id)), 1),
    recordingAudio: async () => new Blob(),
    searchRecordings: async () => [],
    editSegment: notInFake('editSegment'),
    revertSegment: notInFake('revertSegment'),
    summarizeRecording: notInFake('summarizeRecording'),
    watchFolders: async () => ({ folders: [], files: [] }),
    setWatchFolders: notInFake('setWatchFolders'),
    checkWatchFolders: notInFake('checkWatchFolders'),
    transcribeAudio: notInFake('transcribeAudio'),
    listFiles: notInFake('listFiles'),
    uploadFileWithProgress: notInFake('uploadFileWithProgress'),
    listBatches: notInFake('listBatches'),
    batch: notInFake('batch'),
    createBatch: notInFake('createBatch'),
    cancelBatch: notInFake('cancelBatch'),
    usagePage: notInFake('usagePage'),
    usageStats: notInFake('usageStats'),
    usageCsv: notInFake('usageCsv'),
  }
}
