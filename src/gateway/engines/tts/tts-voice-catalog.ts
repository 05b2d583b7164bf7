import { badRequest } from '../../../shared/errors'
import { FLITE_VOICES, type FliteVoice, type LocalVoiceSettings } from './tts-protocol'

export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'] as const
export type OpenAiVoice = (typeof OPENAI_VOICES)[number]

/**
 * Each OpenAI voice name speaks with a distinct local voice: a Flite voice plus, for the voices
 * that take it, a pitch target (slt, awb, kal16 follow int_f0_target_*; rms does not).
 * Female names map to slt, male ones to rms, awb and kal16, as OpenAI's voices are cast.
 */
export const OPENAI_VOICE_SETTINGS: Record<OpenAiVoice, LocalVoiceSettings> = {
  alloy: { engine: 'flite', voice: 'slt' },
  ash: { engine: 'flite', voice: 'rms' },
  ballad: { engine: 'flite', voice: 'awb', f0Mean: 125, f0Stddev: 30 },
  coral: { engine: 'flite', voice: 'slt', f0Mean: 200 },
  echo: { engine: 'flite', voice: 'kal16' },
  fable: { engine: 'flite', voice: 'awb' },
  nova: { engine: 'flite', voice: 'slt', f0Mean: 230, f0Stddev: 30 },
  onyx: { engine: 'flite', voice: 'kal16', f0Mean: 85 },
  sage: { engine: 'flite', voice: 'slt', f0Mean: 185, f0Stddev: 12 },
  shimmer: { engine: 'flite', voice: 'slt', f0Mean: 155, f0Stddev: 35 },
  verse: { engine: 'flite', voice: 'kal16', f0Mean: 125, f0Stddev: 30 },
}

const FLITE_DESCRIPTIONS: Record<FliteVoice, string> = {
  slt: 'US English, female (Flite)',
  rms: 'US English, male (Flite)',
  awb: 'Scottish English, male (Flite)',
  kal16: 'US English, male, diphone (Flite)',
  kal: 'US English, male, diphone, 8 kHz (Flite)',
}

export interface SpeechVoiceInfo {
  /** What a request passes as `voice`. */
  id: string
  description: string
  settings: LocalVoiceSettings
}

const isOpenAiVoice = (v: string): v is OpenAiVoice => (OPENAI_VOICES as readonly string[]).includes(v)
const isFliteVoice = (v: string): v is FliteVoice => (FLITE_VOICES as readonly string[]).includes(v)

/**
 * The local voice for a request's `voice`: an OpenAI voice name, a Flite voice (`slt` or
 * `flite:slt`), or an eSpeak NG language for text that is not English (`espeak:fr`).
 * eSpeak voice names are checked by the engine itself.
 */
export function resolveSpeechVoice(voice: string): LocalVoiceSettings {
  const name = voice.trim()
  const lower = name.toLowerCase()
  if (isOpenAiVoice(lower)) return OPENAI_VOICE_SETTINGS[lower]
  const flite = lower.startsWith('flite:') ? lower.slice('flite:'.length) : lower
  if (isFliteVoice(flite)) return { engine: 'flite', voice: flite }
  if (lower.startsWith('espeak:') && name.length > 'espeak:'.length && /^[A-Za-z0-9_+-]+$/.test(name.slice(7))) {
    return { engine: 'espeak', voice: name.slice('espeak:'.length) }
  }
  throw badRequest(
    `Unknown voice "${voice}". Use one of ${OPENAI_VOICES.join(', ')}; a Flite voice (${FLITE_VOICES.join(', ')}); ` +
      'or espeak:<language> (for example espeak:fr, espeak:de, espeak:pt-BR) for other languages.',
    'voice',
    'unknown_voice',
  )
}

/** The voices with a fixed name: OpenAI names and Flite voices (eSpeak languages come from the engine). */
export function builtInSpeechVoices(): SpeechVoiceInfo[] {
  return [
    ...OPENAI_VOICES.map((id) => {
      const s = OPENAI_VOICE_SETTINGS[id]
      const base = s.engine === 'flite' ? FLITE_DESCRIPTIONS[s.voice] : `eSpeak NG ${s.voice}`
      const pitch = s.engine === 'flite' && s.f0Mean ? `, pitch ${s.f0Mean} Hz` : ''
      return { id, description: `${base}${pitch}`, settings: s }
    }),
    ...FLITE_VOICES.map((v) => ({ id: `flite:${v}`, description: FLITE_DESCRIPTIONS[v], settings: { engine: 'flite' as const, voice: v } })),
  ]
}
