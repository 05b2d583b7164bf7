import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest, GatewayError, isGatewayError } from '../../../shared/errors'
import { BlobTooLargeError, type StagedBlob } from '../../blobs/blob-store'
import { formatBytes } from '../../config/units'
import { installAdminAuth, type AdminAuthOptions } from '../../http/admin-auth'
import { multipartProblem } from '../../http/multipart-errors'
import { formParts } from '../../http/multipart-form'
import { withSchemas } from '../../http/route-schemas'
import type { RecordingsAdmin } from '../../services/admin/recordings-admin'
import type { RecordingSummaries } from '../../services/audio/recording-summaries'
import type { WatchFolderList } from '../../services/audio/watch-folder-list'
import type { WatchFolders, WatchStatus } from '../../services/audio/watch-folders'
import type { SummaryEvent } from '../../../shared/recording-wire'
import { abortOnClientClose } from '../../http/client-abort'
import { responseSseSink } from '../../http/sse-sink'
import { openStreamReply } from '../stream-reply'
import { parseOrThrow } from '../../../shared/validation/parse'
import { contentDisposition } from '../files/byte-range'
import { cleanFilename } from '../files/receive-upload'
import { chunkParams, exportQuery, idParams, recordingPatchBody, recordingsQuery, segmentEditBody, segmentParams, startRecordingBody, summarizeBody, uploadFields, watchFoldersBody } from './recordings-schemas'

/** A chunk is a second or a few of audio; this leaves room for a minute of 48 kHz samples. */
const MAX_CHUNK_BYTES = 8 * 1024 * 1024

export interface RecordingsRoutesOptions {
  recordings: RecordingsAdmin
  summaries: RecordingSummaries
  watchFolders: { folders: WatchFolderList; watcher: WatchFolders }
  auth: AdminAuthOptions
  /** The largest upload kept whole (files.max_upload). */
  maxUploadBytes: number
}

/** Reads `file` (streamed to a temp file) and the text fields of an upload, in whichever order they come. */
async function readUpload(req: FastifyRequest, recordings: RecordingsAdmin, maxBytes: number) {
  if (!req.isMultipart()) throw badRequest('Send the audio as multipart/form-data with a file part named "file" (and optionally title, source, duration, team).', 'file', 'invalid_content_type')
  let staged: StagedBlob | undefined
  let file = { filename: 'audio', contentType: 'application/octet-stream' }
  const fields: Record<string, string> = {}
  try {
    for await (const part of formParts(req)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(`Unexpected file part "${part.fieldname}": send the audio as the part named "file".`, part.fieldname)
        file = { filename: cleanFilename(part.filename), contentType: part.mimetype || 'application/octet-stream' }
        staged = await recordings.stage(part.file, maxBytes)
      } else {
        fields[part.fieldname] = String(part.value)
      }
    }
    if (!staged) throw badRequest('file is required: send the audio as a file part named "file".', 'file')
    return { staged, file, fields: parseOrThrow(uploadFields, fields) }
  } catch (e) {
    await staged?.discard()
    req.raw.unpipe()
    req.raw.resume()
    if (e instanceof BlobTooLargeError) {
      throw new GatewayError({ status: 413, type: 'request_too_large', code: 'file_too_large', param: 'file', message: `The audio is larger than this gateway's upload limit of ${formatBytes(maxBytes)}. Raise files.max_upload in the config.` })
    }
    throw isGatewayError(e) ? e : (multipartProblem(e, 'a file part "file" and the fields title, source, duration, team') ?? e)
  }
}

/** `/admin/recordings`: the audio studio's recordings and the speech history, with their transcripts. */
export async function recordingsRoutes(plain: FastifyInstance, opts: RecordingsRoutesOptions) {
  const { recordings } = opts
  installAdminAuth(plain, opts.auth)
  await plain.register(multipart, { limits: { fileSize: opts.maxUploadBytes + 1, files: 1, fields: 6, parts: 8, fieldSize: 64 * 1024 } })
  plain.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
  const app = withSchemas(plain)

  app.get('/recordings', { schema: { querystring: recordingsQuery } }, async (req) => ({ object: 'list', data: recordings.list(req.query) }))
  app.post('/recordings', { schema: { body: startRecordingBody } }, async (req, reply) =>
    reply.code(201).send(recordings.start({ title: req.body.title, sampleRate: req.body.sample_rate, team: req.body.team })),
  )
  app.post('/recordings/upload', async (req, reply) => {
    const { staged, file, fields } = await readUpload(req, recordings, opts.maxUploadBytes)
    const created = await recordings.upload(staged, { title: fields.title ?? file.filename, source: fields.source, filename: file.filename, contentType: file.contentType, duration: fields.duration ?? null, team: fields.team })
    return reply.code(201).send(created)
  })
  app.get('/recordings/:id', { schema: { params: idParams } }, async (req) => recordings.get(req.params.id))
  app.patch('/recordings/:id', { schema: { params: idParams, body: recordingPatchBody } }, async (req) => recordings.update(req.params.id, req.body))
  app.delete('/recordings/:id', { schema: { params: idParams } }, async (req) => recordings.remove(req.params.id))

  app.patch('/recordings/:id/segments/:n', { schema: { params: segmentParams, body: segmentEditBody } }, async (req) => recordings.editSegment(req.params.id, req.params.n, req.body.text))
  app.delete('/recordings/:id/segments/:n/edit', { schema: { params: segmentParams } }, async (req) => recordings.revertSegment(req.params.id, req.params.n))
  app.get('/recordings/:id/export', { schema: { params: idParams, querystring: exportQuery } }, async (req, reply) => {
    const file = recordings.exportTranscript(req.params.id, req.query.format)
    return reply.header('content-type', `${file.type}; charset=utf-8`).header('content-disposition', contentDisposition(file.filename)).header('cache-control', 'no-store').send(file.body)
  })

  // Server-sent events: `delta` text as the model writes it, then `done` with the summary kept (or `error`).
  app.post('/recordings/:id/summarize', { schema: { params: idParams, body: summarizeBody } }, async (req, reply) => {
    const summary = await opts.summaries.open(req.params.id, req.body, { requestId: req.id, signal: abortOnClientClose(reply) })
    openStreamReply(reply, { 'x-svc-model': summary.modelName })
    const sink = responseSseSink(reply.raw)
    const send = (event: SummaryEvent) => sink.send(JSON.stringify(event))
    const kept = await summary.pump(
      (text) => send({ type: 'delta', text }),
      (e) => send({ type: 'error', error: { message: e.message, code: e.code ?? null } }),
    )
    if (kept) await send({ type: 'done', summary: kept })
    sink.end()
  })

  const { folders, watcher } = opts.watchFolders
  const watchStatus = (s: WatchStatus) => ({
    folders: s.folders,
    files: s.files.map((f) => ({ path: f.path, folder: f.folder, size: f.size, state: f.state, recording_id: f.recordingId, error: f.error, updated_at: Math.floor(f.updatedAt / 1000) })),
  })
  app.get('/watch-folders', async () => watchStatus(watcher.status()))
  app.put('/watch-folders', { schema: { body: watchFoldersBody } }, async (req) => {
    folders.setAdmin(req.body.folders)
    await watcher.start()
    return watchStatus(watcher.status())
  })
  // "Check now": looks at the folders at once and answers when the files that were ready are transcribed.
  app.post('/watch-folders/check', async () => {
    await watcher.check()
    return watchStatus(watcher.status())
  })

  app.put('/recordings/:id/chunks/:seq', { bodyLimit: MAX_CHUNK_BYTES, schema: { params: chunkParams } }, async (req) => {
    if (!Buffer.isBuffer(req.body)) throw badRequest('Send the chunk as the raw body with Content-Type: application/octet-stream (16-bit little-endian samples).', 'body', 'invalid_content_type')
    return recordings.appendChunk(req.params.id, req.params.seq, req.body)
  })

  app.get('/recordings/:id/audio', { schema: { params: idParams } }, async (req, reply) => {
    const audio = await recordings.audio(req.params.id)
    return reply
      .header('content-type', audio.contentType)
      .header('content-length', audio.bytes)
      .header('content-disposition', contentDisposition(audio.filename))
      .header('cache-control', 'no-store')
      .send(audio.body)
  })
}
