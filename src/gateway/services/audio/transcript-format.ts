import { deflateSync } from 'node:zlib'
import { badRequest } from '../../../shared/errors'
import { languageName } from '../../engines/whisper/whisper-languages'
import { type TimestampGranularity, type TranscriptionResult } from '../../providers/contracts/audio'
import { formatTimestamp, toSrt, toVtt } from '../../../shared/transcript-subtitles'

export const TRANSCRIPT_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt'] as const
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number]

export type FormattedTranscript =
  | { kind: 'json'; contentType: 'application/json'; body: Record<string, unknown> }
  | { kind: 'text'; contentType: 'text/plain' | 'application/x-subrip' | 'text/vtt'; body: string }

export function parseTranscriptFormat(value: string | undefined): TranscriptFormat {
  const format = value ?? 'json'
  if ((TRANSCRIPT_FORMATS as readonly string[]).includes(format)) return format as TranscriptFormat
  throw badRequest(`\`response_format\` must be one of ${TRANSCRIPT_FORMATS.join(', ')}; got "${format}".`, 'response_format')
}

export { formatTimestamp, toSrt, toVtt }

/** zlib-compressed size ratio, as OpenAI computes it: high values flag repetitive (hallucinated) text. */
export function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, 'utf8')
  if (bytes.length === 0) return 0
  return bytes.length / deflateSync(bytes).length
}

const usage = (result: TranscriptionResult) => ({ type: 'duration', seconds: Math.ceil(result.duration) })

const wantsSegments = (g?: TimestampGranularity[]) => !g || g.length === 0 || g.includes('segment')

/** OpenAI's verbose_json. Decoder statistics the engine does not report are null, tokens empty. */
export function toVerboseJson(result: TranscriptionResult, granularities?: TimestampGranularity[]): Record<string, unknown> {
  const body: Record<string, unknown> = {
    task: result.task,
    language: languageName(result.language),
    duration: result.duration,
    text: result.text,
  }
  if (wantsSegments(granularities)) {
    body.segments = result.segments.map((s) => ({
      id: s.id,
      seek: Math.floor(s.start * 100),
      start: s.start,
      end: s.end,
      text: s.text,
      tokens: s.tokens ?? [],
      temperature: s.temperature ?? result.temperature,
      avg_logprob: s.avgLogprob ?? null,
      compression_ratio: s.compressionRatio ?? compressionRatio(s.text),
      no_speech_prob: s.noSpeechProb ?? null,
    }))
  }
  if (granularities?.includes('word')) body.words = result.words ?? []
  if (result.task === 'transcribe') body.usage = usage(result)
  return body
}

/**
 * One transcription or translation result in the response format the client asked for.
 * `json` of a translation is `{text}` only; of a transcription it adds usage.
 */
export function formatTranscript(result: TranscriptionResult, format: TranscriptFormat, granularities?: TimestampGranularity[]): FormattedTranscript {
  switch (format) {
    case 'json':
      return { kind: 'json', contentType: 'application/json', body: result.task === 'transcribe' ? { text: result.text, usage: usage(result) } : { text: result.text } }
    case 'verbose_json':
      return { kind: 'json', contentType: 'application/json', body: toVerboseJson(result, granularities) }
    case 'text':
      return { kind: 'text', contentType: 'text/plain', body: `${result.text}\n` }
    case 'srt':
      return { kind: 'text', contentType: 'application/x-subrip', body: toSrt(result.segments) }
    case 'vtt':
      return { kind: 'text', contentType: 'text/vtt', body: toVtt(result.segments) }
  }
}
