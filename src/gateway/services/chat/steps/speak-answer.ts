import { encodeSpeech } from '../../../engines/ffmpeg/encode-speech'
import { abortSignalOf } from '../../../kernel/client-signal'
import type { SpeechResponseFormat } from '../../../providers/contracts/audio'
import { spokenCostMicro } from '../../credits/pricing'
import { callContext } from '../../pipeline/pipeline'
import type { ChatStepContext } from '../chat-steps'
import type { ChatAudioModels } from './chat-audio-models'

/** The longest text one speech call takes (OpenAI's and the local engine's limit). */
export const MAX_SPEECH_CHARS = 4096

/** Chat's audio formats as the speech modality names them (`pcm16` is raw 24 kHz s16le, speech's `pcm`). */
export const speechFormatOf = (format: 'wav' | 'mp3' | 'flac' | 'opus' | 'pcm16'): SpeechResponseFormat => (format === 'pcm16' ? 'pcm' : format)

/** Text cut into pieces a speech call takes, at sentence ends, else at spaces, else anywhere. */
export function speechPieces(text: string, max = MAX_SPEECH_CHARS): string[] {
  const pieces: string[] = []
  let rest = text.trim()
  while (rest.length > max) {
    const window = rest.slice(0, max)
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '), window.lastIndexOf('\n'))
    const space = window.lastIndexOf(' ')
    const cut = sentence > max / 2 ? sentence + 1 : space > 0 ? space : max
    pieces.push(rest.slice(0, cut).trim())
    rest = rest.slice(cut).trim()
  }
  if (rest) pieces.push(rest)
  return pieces
}

/**
 * Speaks an answer with the gateway's speech model: one call for most answers; a long one is spoken
 * in pieces as raw samples and encoded once. Returns the audio; the characters spoken and their cost
 * go on the request's charges.
 */
export async function speakAnswer(text: string, voice: string, format: SpeechResponseFormat, models: ChatAudioModels, c: ChatStepContext): Promise<Buffer> {
  const { target, provider } = models.speaker('modalities', `The model "${c.target.model.name}" cannot answer with audio, so the gateway speaks its text`)
  const ctx = callContext(c.request, target)
  const pieces = speechPieces(text)
  let audio: Buffer
  if (pieces.length === 1) {
    audio = (await provider.speak({ input: pieces[0]!, voice, format }, ctx)).audio
  } else {
    const pcm: Buffer[] = []
    for (const input of pieces) pcm.push((await provider.speak({ input, voice, format: 'pcm' }, ctx)).audio)
    audio = await encodeSpeech(Buffer.concat(pcm), format, { signal: abortSignalOf(c.request.signal) })
  }
  const characters = pieces.reduce((n, p) => n + Array.from(p).length, 0)
  c.charges.characters += characters
  c.charges.creditsMicro += spokenCostMicro(target.model.pricing, characters)
  return audio
}
