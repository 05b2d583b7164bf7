/** Requests and replies of the whisper engine worker (see whisper-worker-handlers.ts). */
import type { GpuSetting } from '../../../shared/local-model-settings'

export interface WhisperTranscribeRequest {
  modelPath: string
  /** 16 kHz mono signed 16-bit samples. */
  pcm: Int16Array
  /** ISO-639-1 code; omitted: whisper detects the language. */
  language?: string
  translate: boolean
  prompt?: string
  temperature: number
  /** Step by which whisper raises the temperature when a decode fails its thresholds; 0 turns fallback off. */
  temperatureInc: number
  threads: number
  /** Ask whisper for one segment per token, with token timestamps (for word timestamps). */
  tokenSegments: boolean
  /** Emit each segment as whisper.cpp finishes it (a WhisperSegmentsEvent), before the result. */
  streamSegments?: boolean
  /** `engines.gpu`: whisper.cpp runs on the GPU where the installed binding has a GPU build (see whisperUsesGpu). Default off. */
  gpu?: GpuSetting
}

/** What a streaming transcription emits: the segments whisper.cpp has just finished, in order. */
export interface WhisperSegmentsEvent {
  segments: Array<{ startMs: number; endMs: number; text: string }>
}

export interface WhisperTranscribeResponse {
  language: string | null
  segments: Array<{ startMs: number; endMs: number; text: string }>
  inferenceMs: number
}

export interface WhisperDetectSpeechRequest {
  vadModelPath: string
  pcm: Int16Array
  threads: number
  threshold?: number
  minSpeechMs?: number
  minSilenceMs?: number
  speechPadMs?: number
}

/** A stretch of speech, in seconds from the start of the audio. */
export interface SpeechSpan {
  start: number
  end: number
}
