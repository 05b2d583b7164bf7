import { fetch, FormData } from 'undici'
import { GatewayError } from '../../../shared/errors'
import type { ProviderRow } from '../../store/repos/providers-repo'
import type { SpeechProvider, SpeechRequest, SpeechResult, TranscriptionProvider, TranscriptionRequest, TranscriptionResult, TranscriptSegment } from '../types-audio'
import type { UpstreamConnections } from '../upstream/upstream-connection'
import { upstreamConnectionError, upstreamErrorMessage, upstreamStatusError } from '../upstream/upstream-error'

const DEFAULT_BASE_URL = 'https://api.openai.com/v1'
const CONTENT_TYPES: Record<string, string> = { mp3: 'audio/mpeg', opus: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', wav: 'audio/wav', pcm: 'audio/pcm' }

async function send(provider: ProviderRow, connections: UpstreamConnections, path: string, body: string | FormData, signal?: AbortSignal) {
  const conn = connections.get(provider, DEFAULT_BASE_URL)
  const total = AbortSignal.timeout(conn.timeouts.totalMs)
  let res
  try {
    res = await fetch(`${conn.baseUrl}${path}`, {
      method: 'POST',
      dispatcher: conn.dispatcher,
      headers: { ...conn.headers, ...(conn.apiKey ? { authorization: `Bearer ${conn.apiKey}` } : {}), ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
      body,
      signal: signal ? AbortSignal.any([signal, total]) : total,
    })
  } catch (err) {
    if (signal?.aborted) throw err
    throw upstreamConnectionError(provider.id, err)
  }
  if (res.status >= 400) throw upstreamStatusError(provider.id, res.status, upstreamErrorMessage(await res.text().catch(() => '')), res.headers.get('retry-after') ?? undefined)
  return res
}

/** Text to speech on an OpenAI-compatible upstream: the request goes as it came, the audio comes back. */
export function openAiSpeechProvider(provider: ProviderRow, connections: UpstreamConnections): SpeechProvider {
  return {
    async speak(req: SpeechRequest): Promise<SpeechResult> {
      const format = req.format ?? 'mp3'
      const body = JSON.stringify({ model: req.model, input: req.input, voice: req.voice, speed: req.speed ?? 1, response_format: format })
      const res = await send(provider, connections, '/audio/speech', body, req.signal)
      const audio = Buffer.from(await res.arrayBuffer())
      return { audio, format, contentType: CONTENT_TYPES[format] ?? 'application/octet-stream', sampleRate: 24000, seconds: 0 }
    },
  }
}

interface VerboseTranscript {
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
export function openAiTranscriptionProvider(provider: ProviderRow, connections: UpstreamConnections): TranscriptionProvider {
  const form = (req: TranscriptionRequest, format: 'verbose_json' | 'json') => {
    const f = new FormData()
    f.set('file', new Blob([typeof req.file === 'string' ? '' : Uint8Array.from(req.file)]), req.filename)
    f.set('model', req.model)
    f.set('response_format', format)
    if (req.prompt) f.set('prompt', req.prompt)
    if (req.temperature !== undefined) f.set('temperature', String(req.temperature))
    if (req.language && req.task === 'transcribe') f.set('language', req.language)
    for (const g of req.timestampGranularities ?? []) if (format === 'verbose_json') f.append('timestamp_granularities[]', g)
    return f
  }
  return {
    async transcribe(req: TranscriptionRequest): Promise<TranscriptionResult> {
      if (typeof req.file === 'string') throw new GatewayError({ status: 500, type: 'api_error', message: 'Upstream transcription takes the audio bytes, not a path.' })
      const path = req.task === 'translate' ? '/audio/translations' : '/audio/transcriptions'
      let raw: VerboseTranscript
      try {
        raw = (await (await send(provider, connections, path, form(req, 'verbose_json'), req.signal)).json()) as VerboseTranscript
      } catch (err) {
        if (!(err instanceof GatewayError && err.status === 400 && /response_format/.test(err.message))) throw err
        raw = (await (await send(provider, connections, path, form(req, 'json'), req.signal)).json()) as VerboseTranscript
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
