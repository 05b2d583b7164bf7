import { z } from 'zod'

/**
 * Whether a chat model hears audio and speaks by itself, for the gateway (which transcribes audio for
 * models that cannot hear it and speaks answers for models that cannot talk) and the renderer alike.
 * A model's `native_audio` (config or admin API) says it; unset, it is read from the provider type and
 * the upstream id, the way OpenAI names its audio chat models (`gpt-4o-audio-preview`,
 * `gpt-4o-mini-audio-preview`, `gpt-audio`, `gpt-audio-mini`); Anthropic and local models have no
 * audio of their own. A model wrongly taken for a talking one would get audio it refuses; one wrongly
 * taken for a silent one still gets the feature, through the local engines.
 */
export const nativeAudioSchema = z.strictObject({ input: z.boolean().optional(), output: z.boolean().optional() })
export type NativeAudioSetting = z.infer<typeof nativeAudioSchema>

export interface NativeAudio {
  /** Takes `input_audio` parts itself. */
  input: boolean
  /** Answers `modalities: ["text","audio"]` itself. */
  output: boolean
}

export interface ModelAudioInput {
  providerType: string
  upstream?: string | null
  name: string
  /** Set explicitly (config `models[].native_audio`, admin API); wins over the guess. */
  nativeAudio?: NativeAudioSetting | null
}

const AUDIO_CHAT_MODEL = /(^|[-_./])audio([-_.]|$)/

export function nativeAudio(m: ModelAudioInput): NativeAudio {
  const guess = m.providerType === 'openai' && AUDIO_CHAT_MODEL.test((m.upstream ?? m.name).toLowerCase())
  return { input: m.nativeAudio?.input ?? guess, output: m.nativeAudio?.output ?? guess }
}
