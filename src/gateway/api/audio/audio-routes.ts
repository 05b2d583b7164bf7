import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { GatewayError } from '../../../shared/errors'
import { formatBytes } from '../../config/units'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { readSmallForm } from '../../http/multipart-form'
import { withSchemas } from '../../http/route-schemas'
import type { Clock } from '../../kernel/runtime'
import type { AudioService } from '../../services/audio/audio-service'
import { formatTranscript } from '../../services/audio/transcript-format'
import { readTranscriptionForm, TRANSCRIPTION_FIELDS, TRANSLATION_FIELDS } from '../../services/audio/transcription-form'
import type { Authenticate } from '../../services/auth/authenticate'
import { fallbacksQuery } from '../fallbacks-query'
import { requestContext, servedHeaders } from '../request-context'
import { replyTranscriptStream } from './transcript-stream-reply'

// Built on the route's first request (z.lazy), not at start: an idle gateway need not hold its zod objects.
const speechBody = z.lazy(() => z.strictObject({
  model: z.string().min(1, 'must name a speech model'),
  input: z.string().min(1, 'must not be empty').max(4096, 'must be at most 4096 characters'),
  voice: z.string().min(1, 'must name a voice, e.g. alloy'),
  response_format: z.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']).default('mp3'),
  speed: z.number().min(0.25, 'must be between 0.25 and 4').max(4, 'must be between 0.25 and 4').default(1),
}))

const tooLarge = (maxBytes: number) => () =>
  new GatewayError({
    status: 413,
    type: 'request_too_large',
    code: 'file_too_large',
    param: 'file',
    message: `The audio file is larger than this gateway's limit of ${formatBytes(maxBytes)}. Send a shorter recording, or raise audio.max_upload in the config.`,
  })

/** `/v1/audio/speech`, `/v1/audio/transcriptions` and `/v1/audio/translations` (spec 2.7, 4.4). */
export async function audioRoutes(plain: FastifyInstance, opts: { audio: AudioService; clock: Clock; authenticate: Authenticate; maxUploadBytes: number }) {
  const { audio, clock, maxUploadBytes } = opts
  await plain.register(multipart, { limits: { fileSize: maxUploadBytes + 1, files: 1, fields: 12, parts: 14, fieldSize: 64 * 1024 } })
  installApiKeyAuth(plain, opts.authenticate, 'audio')
  const app = withSchemas(plain)

  app.post('/v1/audio/speech', { schema: { body: speechBody, querystring: fallbacksQuery } }, async (req, reply) => {
    const ctx = requestContext(req, reply, clock)
    const { model, input, voice, speed, response_format: format } = req.body
    const { result, ...served } = await audio.speak(ctx, model, { input, voice, speed, format }, req.query.fallbacks)
    return reply.headers(servedHeaders(served, clock.now() - ctx.startedAt)).type('application/octet-stream').send(result.audio)
  })

  for (const [path, task, allowed] of [
    ['/v1/audio/transcriptions', 'transcribe', TRANSCRIPTION_FIELDS],
    ['/v1/audio/translations', 'translate', TRANSLATION_FIELDS],
  ] as const) {
    app.post(path, { schema: { querystring: fallbacksQuery } }, async (req, reply) => {
      const ctx = requestContext(req, reply, clock)
      const form = await readSmallForm(req, {
        allowed,
        maxBytes: maxUploadBytes,
        tooLarge: tooLarge(maxUploadBytes),
        howToSend: 'Send the audio as multipart/form-data with a "file" part and a "model" field.',
      })
      const { model, request, format, stream } = readTranscriptionForm(task, form.file, form.fields)
      if (stream) {
        return replyTranscriptStream(reply, clock, ctx, format, request.timestampGranularities, (onDelta) => audio.transcribe(ctx, model, request, req.query.fallbacks, onDelta))
      }
      const { result, ...served } = await audio.transcribe(ctx, model, request, req.query.fallbacks)
      const formatted = formatTranscript(result, format, request.timestampGranularities)
      reply.headers(servedHeaders(served, clock.now() - ctx.startedAt))
      // Spec 4.4: text, srt and vtt come wrapped as {"html-message": ...} with application/json.
      return reply.type('application/json').send(formatted.kind === 'json' ? formatted.body : { 'html-message': formatted.body })
    })
  }
}
