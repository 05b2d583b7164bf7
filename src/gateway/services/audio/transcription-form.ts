import { badRequest } from '../../../shared/errors'
import type { TimestampGranularity, TranscriptionRequest, TranscriptionTask } from '../../providers/contracts/audio'
import { parseTranscriptFormat, type TranscriptFormat } from './transcript-format'

export const TRANSCRIPTION_FIELDS = ['model', 'language', 'prompt', 'response_format', 'temperature', 'timestamp_granularities[]', 'stream'] as const
export const TRANSLATION_FIELDS = ['model', 'prompt', 'response_format', 'temperature'] as const

export interface TranscriptionForm {
  model: string
  request: TranscriptionRequest
  format: TranscriptFormat
  /** `stream=true`: answer server-sent events (transcript.text.delta, then transcript.text.done). */
  stream: boolean
}

/** The formats a streamed answer can carry in its done event; subtitles need the whole transcript first. */
const STREAMABLE: readonly TranscriptFormat[] = ['json', 'text', 'verbose_json']

function one(fields: Record<string, string[]>, name: string): string | undefined {
  const values = fields[name]
  if (values && values.length > 1) throw badRequest(`${name} was sent ${values.length} times; send it once.`, name)
  return values?.[0]
}

/** The fields of a transcription or translation form (spec 4.4), checked, as a request for a provider. */
export function readTranscriptionForm(task: TranscriptionTask, file: { data: Buffer; filename: string } | null, fields: Record<string, string[]>): TranscriptionForm {
  const model = one(fields, 'model')
  if (!model) throw badRequest('model is required: name a speech-to-text model, e.g. whisper-1.', 'model')
  if (!file) throw badRequest(`file is required: send the audio (flac, mp3, mp4, mpeg, mpga, m4a, ogg, wav or webm) in a part named "file".`, 'file')
  const format = parseTranscriptFormat(one(fields, 'response_format'))
  const temperatureText = one(fields, 'temperature')
  const temperature = temperatureText === undefined ? undefined : Number(temperatureText)
  if (temperature !== undefined && !(temperature >= 0 && temperature <= 1)) throw badRequest(`temperature must be a number from 0 to 1; got ${JSON.stringify(temperatureText)}.`, 'temperature')
  const language = one(fields, 'language')
  if (language !== undefined && !/^[a-z]{2}$/i.test(language)) throw badRequest(`language must be an ISO-639-1 code such as "en" or "de"; got ${JSON.stringify(language)}.`, 'language')
  const granularities = (fields['timestamp_granularities[]'] ?? []) as TimestampGranularity[]
  for (const g of granularities) if (g !== 'word' && g !== 'segment') throw badRequest(`timestamp_granularities[] takes "word" and "segment"; got ${JSON.stringify(g)}.`, 'timestamp_granularities[]')
  if (granularities.length && format !== 'verbose_json') throw badRequest('timestamp_granularities[] needs response_format "verbose_json".', 'timestamp_granularities[]')
  const streamText = one(fields, 'stream')
  if (streamText !== undefined && streamText !== 'true' && streamText !== 'false') throw badRequest(`stream must be "true" or "false"; got ${JSON.stringify(streamText)}.`, 'stream')
  const stream = streamText === 'true'
  if (stream && !STREAMABLE.includes(format)) throw badRequest(`stream=true answers events of text; response_format "${format}" needs the whole transcript: ask for json, text or verbose_json, or send stream=false.`, 'response_format')
  return {
    model,
    format,
    stream,
    request: { file: file.data, filename: file.filename, task, language: language?.toLowerCase(), prompt: one(fields, 'prompt'), temperature, timestampGranularities: granularities },
  }
}
