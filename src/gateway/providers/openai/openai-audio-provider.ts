import type { FormData } from 'undici'
import type * as Undici from 'undici'
import type { RequestSignal } from '../../kernel/client-signal'
import { loadOnFirstUse } from '../../kernel/load-on-first-use'
import { GatewayError } from '../../../shared/errors'
import type { SpeechProvider, SpeechRequest, SpeechResult, TranscriptDelta, TranscriptionProvider, TranscriptionRequest, TranscriptionResult, TranscriptSegment } from '../contracts/audio'
import type { CallContext } from '../contracts/provider-config'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { postUpstream, type UpstreamResponse } from '../upstream/post-json'
import { upstreamProtocolError } from '../upstream/upstream-error'
import { openAiAuth } from './openai-endpoint'
import { readTranscriptStream } from './openai-transcript-stream'

// undici's own FormData, which its dispatcher sends as multipart; loaded by the first upstream transcription.
const undici = loadOnFirstUse<typeof Undici>('undici')
const CONTENT_TYPES: Record<string, string> = { mp3: 'audio/mpeg', opus: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', wav: 'audio/wav', pcm: 'audio/pcm' }

/**
 * POSTs to the upstream over the shared client (its timeouts, reply cap and secret masking) and reads the
 * reply with `read`; the total timeout runs until the body is read.
 */
async function send<T>(conn: UpstreamConnection, path: string, body: string | FormData, signal: RequestSignal, read: (res: UpstreamResponse) => Promise<T>): Promise<T> {
  const res = await postUpstream(conn, path, body, openAiAuth(conn), signal)
  try {
    return await read(res)
  } finally {
    res.body.destroy()
  }
}

/** A reply read as JSON; one that is not JSON is a protocol error, a reply past its cap keeps its own error. */
const readJson = (providerId: string, signal: RequestSignal) => async (res: UpstreamResponse) => {
  try {
    return (await res.body.json()) as VerboseTranscript
  } catch (err) {
    if (signal.aborted || err instanceof GatewayError) throw err
    throw upstreamProtocolError(providerId, 'its reply is not JSON.')
  }
}

/** Text to speech on an OpenAI-compatible upstream: the request goes as it came, the audio comes back. */
export function openAiSpeechProvider(connect: () => UpstreamConnection): SpeechProvider {
  return {
    async speak(req: SpeechRequest, ctx: CallContext): Promise<SpeechResult> {
      const format = req.format ?? 'mp3'
      const body = JSON.stringify({ model: ctx.model.upstream, input: req.input, voice: req.voice, speed: req.speed ?? 1, response_format: format })
      const audio = await send(connect(), '/audio/speech', body, ctx.signal, (res) => res.body.buffer())
      return { audio, format, contentType: CONTENT_TYPES[format] ?? 'application/octet-stream', sampleRate: 24000, seconds: 0 }
    },
  }
}

export interface VerboseTranscript {
  text: string
  language?: string
  duration?: number
  segments?: Array<{ id?: number; start: number; end: number; text: string; tokens?: number[]; temperature?: number; avg_logprob?: number; compression_ratio?: number; no_speech_prob?: number }>
  words?: Array<{ word: string; start: number; end: number }>
  usage?: { type?: string; seconds?: number }
}

/**
 * Speech to text on an OpenAI-compatible upstream. It asks for verbose_json (segments and duration), so
 * the gateway formats every response_format itself and bills by duration, as for local models; an
 * upstream model that only speaks json is asked again for json.
 */
export function openAiTranscriptionProvider(connect: () => UpstreamConnection): TranscriptionProvider {
  const form = (req: TranscriptionRequest, model: string, format: 'verbose_json' | 'json', stream = false) => {
    const f = new (undici().FormData)()
    f.set('file', new Blob([typeof req.file === 'string' ? '' : Uint8Array.from(req.file)]), req.filename)
    f.set('model', model)
    f.set('response_format', format)
    if (req.prompt) f.set('prompt', req.prompt)
    if (req.temperature !== undefined) f.set('temperature', String(req.temperature))
    if (req.language && req.task === 'transcribe') f.set('language', req.language)
    for (const g of req.timestampGranularities ?? []) if (format === 'verbose_json') f.append('timestamp_granularities[]', g)
    if (stream) f.set('stream', 'true')
    return f
  }
  return {
    async transcribe(req: TranscriptionRequest, ctx: CallContext, onDelta?: (delta: TranscriptDelta) => void): Promise<TranscriptionResult> {
      if (typeof req.file === 'string') throw new GatewayError({ status: 500, type: 'api_error', message: 'Upstream transcription takes the audio bytes, not a path.' })
      const path = req.task === 'translate' ? '/audio/translations' : '/audio/transcriptions'
      let raw: VerboseTranscript
      if (onDelta && req.task === 'transcribe') {
        // OpenAI streams json only; a model that does not stream (whisper-1) answers the whole transcript.
        raw = await send(connect(), path, form(req, ctx.model.upstream, 'json', true), ctx.signal, (res) => readTranscriptStream(res, connect().providerId, onDelta))
      } else try {
        raw = await send(connect(), path, form(req, ctx.model.upstream, 'verbose_json'), ctx.signal, readJson(connect().providerId, ctx.signal))
      } catch (err) {
        if (!(err instanceof GatewayError && err.status === 400 && /response_format/.test(err.message))) throw err
        raw = await send(connect(), path, form(req, ctx.model.upstream, 'json'), ctx.signal, readJson(connect().providerId, ctx.signal))
      }
      const segments: TranscriptSegment[] = (raw.segments ?? []).map((s, i) => ({
        id: s.id ?? i,
        start: s.start,
        end: s.end,
        text: s.text,
        tokens: s.tokens,
        temperature: s.temperature,
        avgLogprob: s.avg_logprob,
        compressionRatio: s.compression_ratio,
        noSpeechProb: s.no_speech_prob,
      }))
      return {
        task: req.task,
        language: raw.language ?? (req.task === 'translate' ? 'en' : (req.language ?? 'en')),
        duration: raw.duration ?? raw.usage?.seconds ?? segments.at(-1)?.end ?? 0,
        text: raw.text,
        segments,
        ...(raw.words ? { words: raw.words } : {}),
        temperature: req.temperature ?? 0,
      }
    },
  }
}
