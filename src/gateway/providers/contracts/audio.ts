import type { CallContext } from './provider-config'

/**
 * Provider interfaces of the audio modalities: one per modality (`transcribe`, `speak`), which
 * remote (OpenAI-compatible) and local (whisper.cpp, Flite) providers both implement, so
 * routing, fallbacks, credits and logging never care where a model runs. The model and the abort
 * signal come in the call context.
 */

export type TranscriptionTask = 'transcribe' | 'translate'
export type TimestampGranularity = 'segment' | 'word'

export interface TranscriptionRequest {
  /** The uploaded audio: its bytes, or the path of a file holding them. */
  file: Buffer | string
  /** The client's file name, for messages and to hint the container. */
  filename: string
  /** ISO-639-1 code of the spoken language; omitted: detected. Ignored by `translate`. */
  language?: string
  prompt?: string
  /** 0 to 1; at 0 the engine raises the temperature by itself when a decode fails (fallback). */
  temperature?: number
  task: TranscriptionTask
  timestampGranularities?: TimestampGranularity[]
}

export interface TranscriptWord {
  word: string
  /** Seconds from the start of the audio. */
  start: number
  end: number
}

export interface TranscriptSegment {
  id: number
  start: number
  end: number
  text: string
  words?: TranscriptWord[]
  /** Decoder details, when the provider knows them (OpenAI's verbose_json fields). */
  tokens?: number[]
  temperature?: number
  avgLogprob?: number
  compressionRatio?: number
  noSpeechProb?: number
}

export interface TranscriptionResult {
  task: TranscriptionTask
  /** ISO-639-1 code of the spoken language ('en' for a translation's output). */
  language: string
  /** Length of the input audio, in seconds. */
  duration: number
  text: string
  segments: TranscriptSegment[]
  /** Set when the request asked for word timestamps. */
  words?: TranscriptWord[]
  /** The temperature the request asked for. */
  temperature: number
  /** Where the time went, in ms (local providers). */
  timings?: Record<string, number>
}

/** Text recognised so far, streamed before the result: the deltas joined (and trimmed) are the result's text. */
export interface TranscriptDelta {
  text: string
  /** The segment the text belongs to, when the provider knows its times (local models). */
  segment?: TranscriptSegment
}

export interface TranscriptionProvider {
  /**
   * With `onDelta`, text is streamed as it is recognised (whisper.cpp's new-segment callback, an
   * upstream's `transcript.text.delta` events); the promise still resolves with the whole result.
   */
  transcribe(request: TranscriptionRequest, ctx: CallContext, onDelta?: (delta: TranscriptDelta) => void): Promise<TranscriptionResult>
}

export type SpeechResponseFormat = 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm'

export interface SpeechRequest {
  /** At most 4096 characters. */
  input: string
  voice: string
  /** 0.25 to 4, default 1. */
  speed?: number
  /** Default mp3. `pcm` is raw 24 kHz signed 16-bit little-endian mono. */
  format?: SpeechResponseFormat
}

export interface SpeechResult {
  audio: Buffer
  format: SpeechResponseFormat
  contentType: string
  sampleRate: number
  /** Length of the audio, in seconds. */
  seconds: number
}

export interface SpeechProvider {
  speak(request: SpeechRequest, ctx: CallContext): Promise<SpeechResult>
}
