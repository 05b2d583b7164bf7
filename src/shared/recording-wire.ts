/** Shapes of `/admin/recordings` (README "Recordings"): the gateway writes them, the renderer reads them. Times are Unix seconds. */

export type RecordingSource = 'microphone' | 'upload' | 'speech'
/** `interrupted`: the gateway stopped while it was being made; it keeps every acknowledged chunk and can take more. */
export type RecordingState = 'recording' | 'interrupted' | 'complete'

/** The sample format of a recording streamed in chunks: 16-bit little-endian mono PCM. */
export const PCM_CONTENT_TYPE = 'audio/L16'

export interface TranscriptSegmentInfo {
  id: number
  start: number
  end: number
  /** As corrected, when it was (`edited`); else as transcribed. */
  text: string
  /** Set on a corrected segment: `PATCH /admin/recordings/{id}/segments/{n}` made it, `DELETE .../segments/{n}/edit` reverts it. */
  edited?: true
  /** A corrected segment's machine text. */
  original_text?: string
}

/** A transcript kept with its recording: what the studio shows, edits and exports. */
export interface RecordingTranscript {
  text: string
  segments: TranscriptSegmentInfo[]
  language?: string | null
  model?: string | null
  task?: 'transcribe' | 'translate'
}

export interface RecordingInfo {
  id: string
  object: 'recording'
  title: string
  source: RecordingSource
  state: RecordingState
  content_type: string
  filename: string | null
  sample_rate: number | null
  bytes: number
  /** Chunks acknowledged so far: the next one to send is this number. */
  chunks: number
  /** Seconds, when known. */
  duration: number | null
  transcript: RecordingTranscript | null
  /** The owning team's id; null: the owner's (what the app records). Only a team's key sees its team's on /mcp. */
  team_id: string | null
  /** The last summary asked of a chat model (`POST /admin/recordings/{id}/summarize`), if any. */
  summary: RecordingSummaryInfo | null
  created_at: number
  updated_at: number
}

export interface RecordingSummaryInfo {
  /** The chat model that wrote it. */
  model: string
  title: string
  summary: string
  action_items: string[]
  created_at: number
}

/** What `POST /admin/recordings/{id}/summarize` streams (server-sent events): text as it comes, then the summary kept. */
export type SummaryEvent = { type: 'delta'; text: string } | { type: 'done'; summary: RecordingSummaryInfo } | { type: 'error'; error: { message: string; code: string | null } }

export interface RecordingPatch {
  title?: string
  transcript?: RecordingTranscript | null
  /** `complete` ends a streamed recording: it takes no more chunks. */
  state?: 'complete'
  /** Gives the recording to a team (its name or id), or back to the owner (null). */
  team?: string | null
}
