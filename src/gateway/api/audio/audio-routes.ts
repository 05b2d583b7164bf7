import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { badRequest } from '../../../shared/errors'
import type { Clock } from '../../kernel/runtime'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { abortOnClientClose } from '../../http/client-abort'
import { parseOrThrow } from '../../../shared/validation/parse'
import { formatTranscript, parseTranscriptFormat } from '../../providers/local/transcript-format'
import type { TimestampGranularity, TranscriptionTask } from '../../providers/types-audio'
import type { AudioService } from '../../services/audio/audio-service'
import type { Authenticate } from '../../services/auth/authenticate'
import type { Target } from '../../services/routing/resolve-model'
import { readAudioForm } from './read-audio-form'

const speechBody = z.strictObject({
  model: z.string().min(1, 'must name a speech model'),
  input: z.string().min(1, 'must not be empty').max(4096, 'must be at most 4096 characters'),
  voice: z.string().min(1, 'must name a voice, e.g. alloy'),
  response_format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']).default('mp3'),
  speed: z.number().min(0.25, 'must be between 0.25 and 4').max(4, 'must be between 0.25 and 4').default(1),
})

const TRANSCRIPTION_FIELDS = ['model', 'language', 'prompt', 'response_format', 'temperature', 'timestamp_granularities[]'] as const
const TRANSLATION_FIELDS = ['model', 'prompt', 'response_format', 'temperature'] as const

const served = (t: Target, startedAt: number, now: number) => ({ 'x-svc-model-id': t.model.id, 'x-svc-completion-time-ms': String(now - startedAt) })

function one(fields: Record<string, string[]>, name: string): string | undefined {
  const values = fields[name]
  if (values && values.length > 1) throw badRequest(`${name} was sent ${values.length} times; send it once.`, name)
  return values?.[0]
}

/** `/v1/audio/speech`, `/v1/audio/transcriptions` and `/v1/audio/translations` (spec 2.7, 4.4). */
export async function audioRoutes(app: FastifyInstance, opts: { audio: AudioService; clock: Clock; authenticate: Authenticate; maxUploadBytes: number }) {
  const { audio, clock } = opts
  await app.register(multipart, { limits: { fileSize: opts.maxUploadBytes + 1, files: 1, fields: 12, parts: 14, fieldSize: 64 * 1024 } })
  installApiKeyAuth(app, opts.authenticate)
  const identity = (req: FastifyRequest) => ({ principal: req.principal, requestId: req.id, source: 'api', startedAt: clock.now() })

  app.post('/v1/audio/speech', async (req, reply) => {
    const who = identity(req)
    const body = parseOrThrow(speechBody, req.body)
    const { result, target } = await audio.speak(who, { model: body.model, input: body.input, voice: body.voice, speed: body.speed, format: body.response_format, signal: abortOnClientClose(reply) })
    return reply.headers(served(target, who.startedAt, clock.now())).type('application/octet-stream').send(result.audio)
  })

  const transcriptionRoute = (task: TranscriptionTask, allowed: readonly string[]) => async (req: FastifyRequest, reply: FastifyReply) => {
    const who = identity(req)
    const form = await readAudioForm(req, allowed, opts.maxUploadBytes)
    const model = one(form.fields, 'model')
    if (!model) throw badRequest('model is required: name a speech-to-text model, e.g. whisper-1.', 'model')
    if (!form.file) throw badRequest(`file is required: send the audio (flac, mp3, mp4, mpeg, mpga, m4a, ogg, wav or webm) in a part named "file".`, 'file')
    const format = parseTranscriptFormat(one(form.fields, 'response_format'))
    const temperatureText = one(form.fields, 'temperature')
    const temperature = temperatureText === undefined ? undefined : Number(temperatureText)
    if (temperature !== undefined && !(temperature >= 0 && temperature <= 1)) throw badRequest(`temperature must be a number from 0 to 1; got ${JSON.stringify(temperatureText)}.`, 'temperature')
    const language = one(form.fields, 'language')
    if (language !== undefined && !/^[a-z]{2}$/i.test(language)) throw badRequest(`language must be an ISO-639-1 code such as "en" or "de"; got ${JSON.stringify(language)}.`, 'language')
    const granularities = (form.fields['timestamp_granularities[]'] ?? []) as TimestampGranularity[]
    for (const g of granularities) if (g !== 'word' && g !== 'segment') throw badRequest(`timestamp_granularities[] takes "word" and "segment"; got ${JSON.stringify(g)}.`, 'timestamp_granularities[]')
    if (granularities.length && format !== 'verbose_json') throw badRequest('timestamp_granularities[] needs response_format "verbose_json".', 'timestamp_granularities[]')

    const { result, target } = await audio.transcribe(who, {
      file: form.file.data,
      filename: form.file.filename,
      model,
      task,
      language: language?.toLowerCase(),
      prompt: one(form.fields, 'prompt'),
      temperature,
      timestampGranularities: granularities,
      signal: abortOnClientClose(reply),
    })
    const formatted = formatTranscript(result, format, granularities)
    reply.headers(served(target, who.startedAt, clock.now()))
    // Spec 4.4: text, srt and vtt come wrapped as {"html-message": ...} with application/json.
    return reply.type('application/json').send(formatted.kind === 'json' ? formatted.body : { 'html-message': formatted.body })
  }

  app.post('/v1/audio/transcriptions', transcriptionRoute('transcribe', TRANSCRIPTION_FIELDS))
  app.post('/v1/audio/translations', transcriptionRoute('translate', TRANSLATION_FIELDS))
}
