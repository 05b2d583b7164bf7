import type { TranscriptSegmentInfo } from '../../../shared/recording-wire'
import { ApiError } from './api-error'
import type { Connection } from './connection'
import { send } from './http'
import { readEventStream } from './sse-parser'

export interface TranscriptionInput {
  file: Blob
  filename: string
  model: string
  task: 'transcribe' | 'translate'
  language?: string
  prompt?: string
}

export interface TranscriptResult {
  text: string
  segments: TranscriptSegmentInfo[]
  language: string | null
  /** Seconds of audio heard, when the gateway says. */
  duration: number | null
}

interface VerboseBody {
  text?: string
  language?: string
  duration?: number
  segments?: Array<{ id: number; start: number; end: number; text: string }>
}

const toResult = (b: VerboseBody): TranscriptResult => ({
  text: b.text ?? '',
  segments: (b.segments ?? []).map((s) => ({ id: s.id, start: s.start, end: s.end, text: s.text })),
  language: b.language ?? null,
  duration: b.duration ?? null,
})

/** `/v1/audio/transcriptions` streamed (text as it is recognised) and `/v1/audio/translations`, both as verbose_json. */
export interface TranscriptionApi {
  transcribeAudio(apiKey: string, input: TranscriptionInput, onDelta: (text: string) => void, signal?: AbortSignal): Promise<TranscriptResult>
}

export function createTranscriptionApi(conn: Connection): TranscriptionApi {
  return {
    async transcribeAudio(apiKey, input, onDelta, signal) {
      const form = new FormData()
      form.append('model', input.model)
      form.append('response_format', 'verbose_json')
      if (input.prompt) form.append('prompt', input.prompt)
      if (input.task === 'transcribe') {
        if (input.language) form.append('language', input.language)
        form.append('stream', 'true')
      }
      form.append('file', input.file, input.filename)
      const path = input.task === 'translate' ? '/v1/audio/translations' : '/v1/audio/transcriptions'
      const res = await send(conn, path, { method: 'POST', body: form, auth: { apiKey }, signal })
      if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
        const whole = toResult((await res.json()) as VerboseBody)
        if (whole.text) onDelta(whole.text)
        return whole
      }
      let done: TranscriptResult | null = null
      let failure: ApiError | null = null
      const ended = await readEventStream(res, (data) => {
        const event = JSON.parse(data) as VerboseBody & { type?: string; delta?: string; error?: { message?: string; code?: string } }
        if (event.type === 'transcript.text.delta' && event.delta) onDelta(event.delta)
        else if (event.type === 'transcript.text.done') done = toResult(event)
        else if (event.error) failure = new ApiError(event.error.message ?? 'The transcription failed.', { status: 500, code: event.error.code ?? null })
      })
      if (failure) throw failure
      if (ended === 'aborted') throw new DOMException('The transcription was cancelled.', 'AbortError')
      if (!done) throw new ApiError('The transcription stream ended before its result.', { status: 502, code: 'stream_cut' })
      return done
    },
  }
}
