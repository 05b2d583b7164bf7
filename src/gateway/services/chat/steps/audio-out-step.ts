import type { ChatCompletion, ChatCompletionChunk, ChatCompletionChunkChoice, ChatCompletionRequest, ChatMessage, ResponseAudio } from '../../../../shared/chat/types'
import { badRequest } from '../../../../shared/errors'
import type { IdGenerator } from '../../../kernel/runtime'
import type { ChatStream } from '../../../providers/contracts/chat'
import type { ChatStep, ChatStepContext } from '../chat-steps'
import type { AudioTranscripts } from './audio-transcripts'
import { type ChatAudioModels, nativeAudioOf } from './chat-audio-models'
import { outputTokensCeiling, spokenCostMicro } from '../../credits/pricing'
import { speakAnswer, speechFormatOf } from './speak-answer'

/** Base64 characters per streamed audio chunk (a multiple of 4: each piece decodes alone). */
const AUDIO_CHUNK_CHARS = 64 * 1024

const talks = (c: ChatStepContext) => nativeAudioOf(c.target).output

const asksForAudio = (req: ChatCompletionRequest): req is ChatCompletionRequest & { audio: NonNullable<ChatCompletionRequest['audio']> } => !!req.modalities?.includes('audio') && !!req.audio

const citesAudio = (req: ChatCompletionRequest) => req.messages.some((m) => m.role === 'assistant' && m.audio)

/** Characters one token can spell, at the most, in the tokenizers of chat models (a ceiling for the credit hold). */
const CHARACTERS_PER_TOKEN_CEILING = 32

interface Wanted {
  voice: string
  format: 'wav' | 'mp3' | 'flac' | 'opus' | 'pcm16'
}

/**
 * Audio answers for chat models that cannot speak: with `modalities: ["text","audio"]` the model is
 * asked for text, and the gateway speaks it, answering as OpenAI's audio models do: `content` null and
 * `message.audio` {id, expires_at, data, transcript}; streamed, the transcript comes as it is made and
 * the audio in the last chunks of each choice. A later assistant message that cites `audio: {id}`
 * gets that transcript back as its content.
 */
export function audioOutStep(deps: { models: ChatAudioModels; transcripts: AudioTranscripts; ids: IdGenerator }): ChatStep {
  const { models, transcripts, ids } = deps
  const wanted = (c: ChatStepContext) => (talks(c) ? undefined : (c.state.get('audio-out') as Wanted | undefined))

  /** Speaks one choice's text and keeps its transcript; null when there is nothing to say. */
  async function audioFor(text: string | null | undefined, w: Wanted, c: ChatStepContext): Promise<ResponseAudio | null> {
    if (!text?.trim()) return null
    const data = (await speakAnswer(text, w.voice, speechFormatOf(w.format), models, c)).toString('base64')
    const id = `audio_${ids.token(12)}`
    return { id, expires_at: transcripts.put(c.request.principal.team.id, id, text), data, transcript: text }
  }

  function citedTranscripts(messages: ChatMessage[], c: ChatStepContext): ChatMessage[] {
    return messages.map((m, i) => {
      if (m.role !== 'assistant' || !m.audio) return m
      const transcript = transcripts.get(c.request.principal.team.id, m.audio.id)
      if (transcript === undefined) {
        if (talks(c)) return m // the model's own audio id, for its own upstream to resolve
        throw badRequest(`messages[${i}].audio.id "${m.audio.id}" is not an audio answer of this gateway, or it has expired; send the transcript as content instead.`, `messages[${i}].audio.id`)
      }
      const { audio: _cited, ...rest } = m
      return { ...rest, content: m.content ?? transcript }
    })
  }

  return {
    name: 'audio-out',
    // Every choice may be spoken whole: its most tokens, at the most characters a token spells.
    hold(req) {
      // The request first: finding the speech model to price scans the models, on every request.
      if (!asksForAudio(req)) return 0
      const pricing = models.pricingOf('speech')
      if (!pricing) return 0
      return spokenCostMicro(pricing, outputTokensCeiling(req.max_completion_tokens, null) * (req.n ?? 1) * CHARACTERS_PER_TOKEN_CEILING)
    },
    // Audio asked for, or an earlier audio answer cited: otherwise prepare, finish and stream leave everything as it is.
    appliesTo: (req) => asksForAudio(req) || citesAudio(req),
    prepare(req: ChatCompletionRequest, c): ChatCompletionRequest {
      const cites = citesAudio(req)
      const messages = cites ? citedTranscripts(req.messages, c) : req.messages
      if (!asksForAudio(req) || talks(c)) return cites ? { ...req, messages } : req
      c.state.set('audio-out', { voice: req.audio.voice, format: req.audio.format } satisfies Wanted)
      const { audio: _audio, modalities: _modalities, ...rest } = req
      return { ...rest, messages }
    },

    async finish(completion: ChatCompletion, c): Promise<ChatCompletion> {
      const w = wanted(c)
      if (!w) return completion
      const choices = []
      for (const choice of completion.choices) {
        const audio = await audioFor(choice.message.content, w, c)
        choices.push(audio ? { ...choice, message: { ...choice.message, content: null, audio } } : choice)
      }
      return { ...completion, choices }
    },

    stream(inner: ChatStream, c): ChatStream {
      const found = wanted(c)
      if (!found) return inner
      const w: Wanted = found
      const texts = new Map<number, string>()
      async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
        for await (const chunk of inner) {
          const open: ChatCompletionChunkChoice[] = []
          const finished: ChatCompletionChunkChoice[] = []
          for (const choice of chunk.choices) {
            const { content, ...delta } = choice.delta
            if (content) texts.set(choice.index, (texts.get(choice.index) ?? '') + content)
            const spoken = { ...choice, delta: content ? { ...delta, audio: { transcript: content } } : delta }
            ;(choice.finish_reason ? finished : open).push(spoken)
          }
          if (open.length || chunk.choices.length === 0) yield { ...chunk, choices: open }
          for (const choice of finished) {
            const { finish_reason, ...rest } = choice
            if (Object.keys(rest.delta).length) yield { ...chunk, choices: [{ ...rest, finish_reason: null }] }
            const audio = await audioFor(texts.get(choice.index), w, c)
            if (audio) yield* audioChunks(chunk, choice.index, audio)
            yield { ...chunk, choices: [{ index: choice.index, delta: {}, finish_reason, logprobs: null }] }
          }
        }
      }
      const iterator = chunks()
      return { [Symbol.asyncIterator]: () => iterator, reportedUsage: () => inner.reportedUsage() }
    },
  }
}

/** The audio of one choice in pieces: the id with the first, `expires_at` with the last. */
function* audioChunks(envelope: ChatCompletionChunk, index: number, audio: ResponseAudio): Generator<ChatCompletionChunk> {
  const count = Math.max(1, Math.ceil(audio.data.length / AUDIO_CHUNK_CHARS))
  for (let i = 0; i < count; i++) {
    const data = audio.data.slice(i * AUDIO_CHUNK_CHARS, (i + 1) * AUDIO_CHUNK_CHARS)
    const piece = { id: audio.id, data, ...(i === count - 1 ? { expires_at: audio.expires_at } : {}) }
    yield { ...envelope, choices: [{ index, delta: { audio: piece }, finish_reason: null, logprobs: null }] }
  }
}
