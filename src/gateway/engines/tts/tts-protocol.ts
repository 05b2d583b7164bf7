/** Requests and replies of the text-to-speech engine worker (see tts-worker-handlers.ts). */

/** Flite's built-in voices: slt (US female), rms (US male), awb (Scottish male), kal16 (US male, diphone), kal (the same at 8 kHz). */
export const FLITE_VOICES = ['slt', 'rms', 'awb', 'kal16', 'kal'] as const
export type FliteVoice = (typeof FLITE_VOICES)[number]

export interface FliteVoiceSettings {
  engine: 'flite'
  voice: FliteVoice
  /** Target mean pitch in Hz (rms ignores it). */
  f0Mean?: number
  /** Pitch variation in Hz. */
  f0Stddev?: number
}

export interface EspeakVoiceSettings {
  engine: 'espeak'
  /** An eSpeak NG voice or language: "fr", "de", "pt-BR", "en-GB-x-rp"... */
  voice: string
  /** 0-99, eSpeak's default 50. */
  pitch?: number
}

export type LocalVoiceSettings = FliteVoiceSettings | EspeakVoiceSettings

export type TtsSynthesizeRequest = LocalVoiceSettings & { text: string }

export interface TtsSynthesizeResponse {
  /** A RIFF/WAVE file: mono s16 at `sampleRate`. */
  wav: Uint8Array
  sampleRate: number
}

export interface EspeakVoiceInfo {
  /** What to pass as `voice`, e.g. "fr" or "pt-BR". */
  id: string
  name: string
  languages: string[]
}
