import type { RecordingTranscript, TranscriptSegmentInfo } from '../../../shared/recording-wire'
import { editedTranscript } from '../admin/edited-transcript'
import type { Clock, IdGenerator } from '../../kernel/runtime'
import type { Store } from '../../store/store'

/** The collection every recording's transcript is indexed into (README "Recordings"). */
export const RECORDINGS_COLLECTION = 'Recordings'

export interface TimedChunk {
  seq: number
  text: string
  start: number
  end: number
}

/**
 * A passage of a recording: short enough that playing a hit from its start lands near the words found
 * (about half a minute of speech), long enough for full-text ranking to have context.
 */
export const PASSAGE = { characters: 400, seconds: 30 }

/**
 * Segments grouped, in order, into passages that never split a segment, so each spans whole moments of
 * the recording (its first segment's start to its last's end): a passage closes before it would pass
 * `PASSAGE.characters` or `PASSAGE.seconds`.
 */
export function timedChunks(segments: readonly TranscriptSegmentInfo[], limit = PASSAGE): TimedChunk[] {
  const chunks: TimedChunk[] = []
  let open: TimedChunk | undefined
  for (const s of segments) {
    const text = s.text.trim()
    if (!text) continue
    if (open && open.text.length + 1 + text.length <= limit.characters && s.end - open.start <= limit.seconds) {
      open.text = `${open.text} ${text}`
      open.end = Math.max(open.end, s.end)
      continue
    }
    if (open) chunks.push(open)
    open = { seq: chunks.length, text, start: s.start, end: s.end }
  }
  if (open) chunks.push(open)
  return chunks
}

/** A query's words as loose stems ("approved" finds "approve", "approving"): what full-text search matched on. */
const stems = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, Math.max(4, w.length - 3)))

/**
 * The moment a passage's hit was said: the first segment of the passage holding a word of the query, so
 * the player starts at the words, not at the passage's first sentence; the passage itself when no
 * segment can be told (the words matched only after stemming, say).
 */
export function momentOf(transcript: RecordingTranscript, span: { start: number; end: number }, query: string): { start: number; end: number } {
  const wanted = stems(query)
  const segment = transcript.segments.find((s) => s.start >= span.start && s.end <= span.end && wanted.some((w) => s.text.toLowerCase().includes(w)))
  return segment ? { start: segment.start, end: segment.end } : span
}

/**
 * Keeps the "Recordings" collection in step with the recordings: a transcript (as edited) is one document
 * whose chunks carry their start and end seconds, replaced whenever the transcript or an edit changes. The
 * collection is made on first use, shared (searches by a team see only that team's recordings), and
 * searched by full text; the document leaves with its recording (ON DELETE CASCADE).
 */
export function createRecordingIndex({ store, clock, ids }: { store: Store; clock: Clock; ids: IdGenerator }) {
  function collectionId(): string {
    const existing = store.collections.idByName(RECORDINGS_COLLECTION)
    if (existing) return existing
    const now = clock.now()
    return store.collections.insert(
      { id: ids.uuid(), name: RECORDINGS_COLLECTION, description: 'Every recording’s transcript, with the time of each passage.', embeddingModel: null, chunkSize: PASSAGE.characters, chunkOverlap: 0, teamId: null },
      now,
    ).id
  }

  return {
    collectionId,
    /** Where in the recording a hit's words were said (see `momentOf`). */
    moment(recordingId: string, span: { start: number; end: number }, query: string): { start: number; end: number } {
      const r = store.recordings.get(recordingId)
      if (!r?.transcript) return span
      return momentOf(editedTranscript(r.transcript as unknown as RecordingTranscript, store.recordingEdits.of(recordingId)), span, query)
    },
    /** Replaces the recording's document with its transcript's chunks (none when it has no text). */
    index(recording: { id: string; title: string; duration: number | null }, segments: readonly TranscriptSegmentInfo[], text: string): void {
      const timed = segments.length ? timedChunks(segments) : text.trim() ? [{ seq: 0, text: text.trim(), start: 0, end: recording.duration ?? 0 }] : []
      store.transaction(() => {
        store.collections.deleteRecordingDocuments(recording.id)
        if (!timed.length) return
        const cid = collectionId()
        const documentId = `doc_${ids.token(12)}`
        const characters = timed.reduce((n, c) => n + c.text.length, 0)
        store.collections.insertDocument({ id: documentId, collectionId: cid, name: recording.title, format: 'text', bytes: Buffer.byteLength(text), characters, chunks: timed.length, createdAt: clock.now(), recordingId: recording.id })
        store.chunks.insertMany(timed.map((c) => ({ documentId, collectionId: cid, seq: c.seq, text: c.text, embedding: null, startSeconds: c.start, endSeconds: c.end })))
      })
    },
  }
}

export type RecordingIndex = ReturnType<typeof createRecordingIndex>
