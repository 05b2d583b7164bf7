import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { badRequest, GatewayError, notFound } from '../../../shared/errors'
import { PCM_CONTENT_TYPE, type RecordingInfo, type RecordingPatch, type RecordingSource, type RecordingTranscript } from '../../../shared/recording-wire'
import { exportTranscript, type ExportFormat } from '../../../shared/transcript-export'
import { appendBlobAt } from '../../blobs/append-blob'
import { BLOB_NAME, checkedPath, type BlobSource, type BlobStore, type StagedBlob } from '../../blobs/blob-store'
import { wavHeader } from '../../engines/tts/wav-container'
import type { Clock, IdGenerator } from '../../kernel/runtime'
import type { RecordingRow } from '../../store/repos/recordings-repo'
import type { Store } from '../../store/store'
import type { RecordingIndex } from '../audio/recording-index'
import { seconds } from './admin-rules'
import { editedTranscript } from './edited-transcript'

export interface RecordingsDeps {
  store: Store
  /** Recording audio, under `<data-dir>/recordings/`. */
  blobs: BlobStore
  clock: Clock
  ids: IdGenerator
  /** Other gateways share the store: a recording still `recording` at start-up may be theirs, so none is marked interrupted. */
  shared?: boolean
  /** The "Recordings" collection, kept in step with each transcript and its edits. */
  index: RecordingIndex
}

/** The longest recording streamed in chunks: what a transcription takes at most. */
export const MAX_RECORDING_SECONDS = 4 * 3600
const SAMPLE_RATES = [8000, 16000, 22050, 24000, 44100, 48000]

/** A recording's title as a file name (without extension). */
const fileTitle = (r: RecordingRow) => r.title.replace(/[^\w .-]+/g, '').trim().slice(0, 80) || r.id

const conflict = (message: string, code: string, param?: string) => new GatewayError({ status: 409, type: 'invalid_request_error', code, message, param })

/**
 * Recordings and their transcripts: made by streaming chunks from a microphone (16-bit PCM, each chunk
 * fsynced before it is acknowledged), uploaded whole, or kept from text to speech.
 */
export function createRecordingsAdmin({ store, blobs, clock, ids, index, shared = false }: RecordingsDeps) {
  /** The machine transcript with people's corrections applied. */
  const transcriptOf = (r: RecordingRow): RecordingTranscript | null => (r.transcript ? editedTranscript(r.transcript as unknown as RecordingTranscript, store.recordingEdits.of(r.id)) : null)

  const summaryOf = (id: string): RecordingInfo['summary'] => {
    const s = store.recordingSummaries.get(id)
    return s ? { model: s.model, title: s.title, summary: s.summary, action_items: s.actionItems, created_at: seconds(s.createdAt) } : null
  }

  const toInfo = (r: RecordingRow): RecordingInfo => ({
    id: r.id,
    object: 'recording',
    title: r.title,
    source: r.source,
    state: r.state,
    content_type: r.source === 'microphone' ? `${PCM_CONTENT_TYPE};rate=${r.sampleRate}` : r.contentType,
    filename: r.filename,
    sample_rate: r.sampleRate,
    bytes: r.bytes,
    chunks: r.chunks,
    duration: r.duration,
    transcript: transcriptOf(r),
    team_id: r.teamId,
    summary: summaryOf(r.id),
    created_at: seconds(r.createdAt),
    updated_at: seconds(r.updatedAt),
  })

  /** Puts the transcript as it now reads into the "Recordings" collection. */
  function reindex(r: RecordingRow): void {
    const t = transcriptOf(r)
    index.index(r, t?.segments ?? [], t?.text ?? '')
  }

  /** Appends to one recording run one after another, so chunk numbers and lengths stay in step. */
  const queues = new Map<string, Promise<unknown>>()
  const serialized = <T>(id: string, fn: () => Promise<T>): Promise<T> => {
    const run = (queues.get(id) ?? Promise.resolve()).then(fn, fn)
    const settled = run.catch(() => undefined)
    queues.set(id, settled)
    void settled.then(() => queues.get(id) === settled && queues.delete(id))
    return run
  }

  function row(id: string, param = 'id'): RecordingRow {
    const r = BLOB_NAME.test(id) ? store.recordings.get(id) : undefined
    if (!r) throw notFound(`No recording "${id}": it does not exist or was deleted.`, 'recording_not_found', param)
    return r
  }

  /** A recording as a team sees it: another team's, and the owner's (no team), are not found, like one that does not exist. */
  function rowFor(teamId: string, id: string, param: string): RecordingRow {
    const r = BLOB_NAME.test(id) ? store.recordings.get(id) : undefined
    if (!r || r.teamId !== teamId) throw notFound(`No recording "${id}" for your team.`, 'recording_not_found', param)
    return r
  }

  function teamIdOf(ref: string | undefined): string | null {
    if (!ref) return null
    const team = store.teams.getByIdOrName(ref)
    if (!team) throw badRequest(`team: no team "${ref}"; give a team's name or id (GET /admin/teams lists them), or leave it out to keep the recording to the owner.`, 'team', 'team_not_found')
    return team.id
  }

  const newRow = (fields: Pick<RecordingRow, 'title' | 'source' | 'state' | 'contentType' | 'filename' | 'sampleRate' | 'bytes' | 'duration' | 'teamId'>): RecordingRow => {
    const now = clock.now()
    return { id: `rec-${ids.token(12)}`, chunks: 0, transcript: null, createdAt: now, updatedAt: now, ...fields }
  }

  /**
   * The audio as a file: a streamed recording as WAV (its acknowledged samples behind a header made
   * for them), anything else as it was uploaded.
   */
  async function audioOf(r: RecordingRow): Promise<{ contentType: string; filename: string; bytes: number; body: Readable }> {
    const safeTitle = fileTitle(r)
    if (r.source !== 'microphone') {
      return { contentType: r.contentType, filename: r.filename ?? safeTitle, bytes: r.bytes, body: await blobs.openRead(r.id) }
    }
    const header = wavHeader(r.bytes, r.sampleRate!)
    const samples = r.bytes > 0 ? await blobs.openRead(r.id, { start: 0, end: r.bytes - 1 }) : Readable.from([])
    const body = Readable.from((async function* () {
      yield header
      yield* samples
    })())
    return { contentType: 'audio/wav', filename: `${safeTitle}.wav`, bytes: header.length + r.bytes, body }
  }

  return {
    get: (id: string): RecordingInfo => toInfo(row(id)),

    list: (q: { q?: string; source?: RecordingSource; limit: number; offset: number }): RecordingInfo[] =>
      store.recordings.list({ query: q.q, source: q.source, limit: q.limit, offset: q.offset }).map(toInfo),

    /** A team's own recordings (the owner's, with no team, are not among them), newest first. */
    listFor: (teamId: string, q: { q?: string; limit: number; offset: number }): RecordingInfo[] =>
      store.recordings.list({ query: q.q, teamId, limit: q.limit, offset: q.offset }).map(toInfo),

    /** One of a team's recordings; any other is not found under `param`. */
    getFor: (teamId: string, id: string, param = 'recording_id'): RecordingInfo => toInfo(rowFor(teamId, id, param)),

    /** The audio of one of a team's recordings. */
    audioFor: (teamId: string, id: string, param = 'recording_id') => audioOf(rowFor(teamId, id, param)),

    /** A recording to be streamed in chunks (`appendChunk`), empty until the first one arrives; `team`: its owning team's name or id. */
    start(input: { title?: string; sampleRate: number; team?: string }): RecordingInfo {
      if (!SAMPLE_RATES.includes(input.sampleRate)) throw badRequest(`sample_rate must be one of ${SAMPLE_RATES.join(', ')}; got ${input.sampleRate}.`, 'sample_rate')
      const teamId = teamIdOf(input.team)
      const r = newRow({ title: input.title || 'Recording', source: 'microphone', state: 'recording', contentType: PCM_CONTENT_TYPE, filename: null, sampleRate: input.sampleRate, bytes: 0, duration: 0, teamId })
      store.recordings.insert(r)
      return toInfo(r)
    },

    /**
     * Chunk `seq` (from 0) of 16-bit samples. Acknowledged once it is on the disk; sending an
     * acknowledged chunk again with the same bytes changes nothing, so a client that lost an answer may
     * simply resend; other bytes under an acknowledged number are refused, as the recording keeps the first.
     */
    appendChunk(id: string, seq: number, data: Buffer): Promise<RecordingInfo> {
      return serialized(id, async () => {
        const r = row(id)
        if (r.source !== 'microphone') throw conflict(`Recording ${id} was uploaded whole; only a recording started with sample_rate takes chunks.`, 'not_streamed')
        if (r.state === 'complete') throw conflict(`Recording ${id} is finished and takes no more chunks.`, 'recording_finished')
        const sha256 = createHash('sha256').update(data).digest()
        if (seq < r.chunks) {
          const kept = store.recordings.chunk(id, seq)
          if (kept && (kept.bytes !== data.length || !kept.sha256.equals(sha256))) {
            throw conflict(`Chunk ${seq} of ${id} was already acknowledged with other bytes, and an acknowledged chunk cannot change. Resend it unchanged, or send chunk ${r.chunks} next.`, 'chunk_conflict', 'seq')
          }
          return toInfo(r)
        }
        if (seq > r.chunks) throw conflict(`Chunk ${seq} came before chunk ${r.chunks}: send chunk ${r.chunks} next.`, 'chunk_out_of_order', 'seq')
        if (data.length === 0 || data.length % 2 !== 0) throw badRequest(`A chunk holds whole 16-bit samples: an even, non-zero number of bytes; got ${data.length}.`, 'body')
        const bytes = r.bytes + data.length
        const duration = bytes / 2 / r.sampleRate!
        if (duration > MAX_RECORDING_SECONDS) throw new GatewayError({ status: 413, type: 'request_too_large', code: 'recording_too_long', message: `A recording holds at most ${MAX_RECORDING_SECONDS / 3600} hours; start a new one.` })
        await appendBlobAt(blobs.dir, r.id, r.bytes, data)
        if (!store.recordings.commitChunk(r.id, seq, { bytes, duration }, { bytes: data.length, sha256 }, clock.now())) throw conflict(`Chunk ${seq} of ${id} was taken by another request.`, 'chunk_out_of_order')
        return toInfo(store.recordings.get(id)!)
      })
    },

    /** Writes an upload's bytes to a temp file (fsynced), for `upload` to keep. */
    stage: (source: BlobSource, maxBytes: number) => blobs.stage(source, { maxBytes }),

    /** A whole audio file (an upload, or speech kept for its history); the row is written after the bytes are on the disk. */
    async upload(staged: StagedBlob, input: { title: string; source: Exclude<RecordingSource, 'microphone'>; filename: string; contentType: string; duration: number | null; team?: string }): Promise<RecordingInfo> {
      let teamId: string | null
      try {
        if (staged.bytes === 0) throw badRequest('The audio file is empty.', 'file')
        teamId = teamIdOf(input.team)
      } catch (e) {
        await staged.discard()
        throw e
      }
      const r = newRow({ title: input.title, source: input.source, state: 'complete', contentType: input.contentType, filename: input.filename, sampleRate: null, bytes: staged.bytes, duration: input.duration, teamId })
      try {
        await staged.commit(r.id)
      } catch (e) {
        await staged.discard()
        throw e
      }
      try {
        store.recordings.insert(r)
      } catch (e) {
        await blobs.remove(r.id)
        throw e
      }
      return toInfo(r)
    },

    /** `duration` is the gateway's own (a watch folder's transcription learns it); the API does not take it. */
    update(id: string, patch: RecordingPatch & { duration?: number }): Promise<RecordingInfo> {
      return serialized(id, async () => {
        const r = row(id)
        const next: RecordingRow = {
          ...r,
          title: patch.title ?? r.title,
          transcript: patch.transcript === undefined ? r.transcript : (patch.transcript as RecordingRow['transcript']),
          state: patch.state ?? r.state,
          duration: patch.duration ?? r.duration,
          teamId: patch.team === undefined ? r.teamId : teamIdOf(patch.team ?? undefined),
        }
        store.transaction(() => {
          // edits were made against the old segments
          if (patch.transcript !== undefined) store.recordingEdits.clear(id)
          store.recordings.update(next, clock.now())
          if (patch.transcript !== undefined || next.title !== r.title) reindex(next)
        })
        return toInfo(store.recordings.get(id)!)
      })
    },

    /** Corrects segment `n` (from 0) of the transcript; the machine text stays beside it. */
    editSegment(id: string, n: number, text: string): Promise<RecordingInfo> {
      return serialized(id, async () => {
        const r = row(id)
        const segments = (r.transcript as unknown as RecordingTranscript | null)?.segments ?? []
        if (n >= segments.length) throw notFound(`Recording ${id} has ${segments.length ? `segments 0 to ${segments.length - 1}` : 'no transcript segments'}; there is no segment ${n}.`, 'segment_not_found', 'n')
        store.transaction(() => {
          store.recordingEdits.set(id, n, text, clock.now())
          reindex(r)
        })
        return toInfo(store.recordings.get(id)!)
      })
    },

    /** Drops segment `n`'s correction: it reads as transcribed again. */
    revertSegment(id: string, n: number): Promise<RecordingInfo> {
      return serialized(id, async () => {
        const r = row(id)
        const reverted = store.transaction(() => {
          const had = store.recordingEdits.remove(id, n)
          if (had) reindex(r)
          return had
        })
        if (!reverted) throw notFound(`Segment ${n} of recording ${id} has no correction to revert.`, 'edit_not_found', 'n')
        return toInfo(store.recordings.get(id)!)
      })
    },

    /** The transcript as corrected, as a file: plain text, SubRip, WebVTT or JSON with the segments. */
    exportTranscript(id: string, format: ExportFormat): { body: string; type: string; filename: string } {
      const r = row(id)
      const t = transcriptOf(r)
      if (!t) throw conflict(`Recording ${id} has no transcript yet: transcribe it first.`, 'no_transcript')
      return { ...exportTranscript(t, format), filename: `${fileTitle(r)}.${format}` }
    },

    /** The row goes first: a crash before the bytes are gone leaves an orphan the start-up sweep removes. */
    remove(id: string): Promise<{ id: string; deleted: true }> {
      return serialized(id, async () => {
        row(id)
        store.recordings.delete(id)
        await blobs.remove(id)
        return { id, deleted: true as const }
      })
    },

    /** Where an uploaded recording's bytes are (for a transcription that reads a file). */
    audioPath: (id: string): string => checkedPath(blobs.dir, row(id).id),

    /** The audio as a file (see `audioOf`). */
    audio: (id: string) => audioOf(row(id)),

    /**
     * Start-up: unfinished writes and orphan blobs go; recordings cut off by the stop are marked
     * interrupted; transcripts made before recordings were searchable join the "Recordings" collection.
     */
    async recover(): Promise<{ temp: number; orphans: number; interrupted: number; indexed: number }> {
      const swept = await blobs.sweep((name) => store.recordings.exists(name))
      const unindexed = store.recordings.unindexed()
      for (const r of unindexed) reindex(r)
      return { ...swept, interrupted: shared ? 0 : store.recordings.markInterrupted(), indexed: unindexed.length }
    },
  }
}

export type RecordingsAdmin = ReturnType<typeof createRecordingsAdmin>
