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
  text: string
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
  created_at: number
  updated_at: number
}

export interface RecordingPatch {
  title?: string
  transcript?: RecordingTranscript | null
  /** `complete` ends a streamed recording: it takes no more chunks. */
  state?: 'complete'
}
