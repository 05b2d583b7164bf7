import { badRequest } from '../../../shared/errors'
import {
  MAX_SPEECH_SPEED,
  MIN_SPEECH_SPEED,
  SPEECH_CONTENT_TYPES,
  SPEECH_FORMATS,
  SPEECH_SAMPLE_RATE,
  type SpeechFormat,
  encodeSpeech,
  renderSpeechPcm,
} from '../../engines/ffmpeg/encode-speech'
import { type EngineHost } from '../../engines/host/engine-host'
import { TtsEngine } from '../../engines/tts/tts-engine'
import { type SpeechVoiceInfo, builtInSpeechVoices, resolveSpeechVoice } from '../../engines/tts/tts-voice-catalog'
import { abortSignalOf } from '../../kernel/client-signal'
import type { CallContext } from '../contracts/provider-config'
import { type SpeechProvider, type SpeechRequest, type SpeechResult } from '../contracts/audio'

export const MAX_SPEECH_INPUT_CHARS = 4096

export interface LocalSpeechProviderOptions {
  /** An engine host with the TTS engine (createAudioEngineHost). */
  host: EngineHost
  /** Use this ffmpeg instead of the npm-shipped one. */
  ffmpegPath?: string
}

/** Offline text to speech: Flite (English) and eSpeak NG (other languages) in a worker, ffmpeg to encode. */
export class LocalSpeechProvider implements SpeechProvider {
  private readonly tts: TtsEngine

  constructor(private readonly options: LocalSpeechProviderOptions) {
    this.tts = new TtsEngine(options.host)
  }

  async speak(request: SpeechRequest, ctx?: Pick<CallContext, 'signal'>): Promise<SpeechResult> {
    const { input } = request
    const signal = ctx && abortSignalOf(ctx.signal)
    const speed = request.speed ?? 1
    const format = request.format ?? 'mp3'
    if (typeof input !== 'string' || input.trim().length === 0) throw badRequest('`input` must be non-empty text.', 'input')
    if (input.length > MAX_SPEECH_INPUT_CHARS) {
      throw badRequest(`\`input\` is ${input.length} characters; the limit is ${MAX_SPEECH_INPUT_CHARS}.`, 'input', 'string_above_max_length')
    }
    if (!(speed >= MIN_SPEECH_SPEED && speed <= MAX_SPEECH_SPEED)) {
      throw badRequest(`\`speed\` must be between ${MIN_SPEECH_SPEED} and ${MAX_SPEECH_SPEED}; got ${speed}.`, 'speed')
    }
    if (!(SPEECH_FORMATS as readonly string[]).includes(format)) {
      throw badRequest(`\`response_format\` must be one of ${SPEECH_FORMATS.join(', ')}; got "${format}".`, 'response_format')
    }
    const voice = resolveSpeechVoice(request.voice)

    const { wav } = await this.tts.synthesize({ ...voice, text: input }, signal)
    const audioOptions = { signal, ffmpegPath: this.options.ffmpegPath }
    const pcm = await renderSpeechPcm(wav, speed, audioOptions)
    const audio = await encodeSpeech(pcm, format as SpeechFormat, audioOptions)
    return {
      audio,
      format,
      contentType: SPEECH_CONTENT_TYPES[format],
      sampleRate: SPEECH_SAMPLE_RATE,
      seconds: pcm.length / 2 / SPEECH_SAMPLE_RATE,
    }
  }

  /** Every voice a request can name: the fixed ones, then one per eSpeak NG language. */
  async listVoices(signal?: AbortSignal): Promise<SpeechVoiceInfo[]> {
    const espeak = await this.tts.listEspeakVoices(signal)
    return [
      ...builtInSpeechVoices(),
      ...espeak.map((v) => ({ id: `espeak:${v.id}`, description: `${v.name} (eSpeak NG)`, settings: { engine: 'espeak' as const, voice: v.id } })),
    ]
  }
}
