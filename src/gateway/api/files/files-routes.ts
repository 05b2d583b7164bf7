import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { GatewayError } from '../../../shared/errors'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { withSchemas } from '../../http/route-schemas'
import type { Authenticate } from '../../services/auth/authenticate'
import { FILE_ID } from '../../services/files/file-ids'
import { toFileList, toFileObject } from '../../services/files/file-object'
import type { FileService } from '../../services/files/file-service'
import { contentDisposition, decideRange } from './byte-range'
import { receiveUpload } from './receive-upload'

const MAX_LIST_LIMIT = 10_000

// Built on the route's first request (z.lazy), not at start: an idle gateway need not hold its zod objects.
const listQuery = z.lazy(() => z.object({
  after: z.string().regex(FILE_ID, 'must be a file id from a previous page, such as "file-6a1f2c3d…"').optional(),
  limit: z
    .string()
    .regex(/^\d+$/, `must be a whole number from 1 to ${MAX_LIST_LIMIT}`)
    .transform(Number)
    .pipe(z.number().min(1, `must be a whole number from 1 to ${MAX_LIST_LIMIT}`).max(MAX_LIST_LIMIT, `must be a whole number from 1 to ${MAX_LIST_LIMIT}`))
    .optional(),
  order: z.enum(['asc', 'desc']).optional(),
  purpose: z.enum(['batch', 'batch_output', 'vision', 'user_data']).optional(),
}))

const fileParams = z.object({ file_id: z.string() })

/** `/v1/files` (spec 4.3): upload, list, get, delete and download, each team seeing only its own files. */
export async function filesRoutes(plain: FastifyInstance, opts: { files: FileService; authenticate: Authenticate; maxUploadBytes: number }) {
  const { files } = opts
  await plain.register(multipart, {
    // the blob store enforces the real limit; this only stops busboy early if a part runs past it
    limits: { fileSize: opts.maxUploadBytes + 1, files: 1, fields: 4, parts: 6, fieldSize: 64 * 1024, headerPairs: 100 },
    throwFileSizeLimit: false,
  })
  installApiKeyAuth(plain, opts.authenticate, 'files')
  const app = withSchemas(plain)

  app.post('/v1/files', async (req) => {
    const upload = await receiveUpload(req, files, opts.maxUploadBytes)
    const row = await files.create(req.principal.team.id, upload.staged, { filename: upload.filename, purpose: upload.purpose })
    return toFileObject(row)
  })

  app.get('/v1/files', { schema: { querystring: listQuery } }, async (req) => {
    const q = req.query
    // Spec 2.6: a list is of batch input files; batch results are listed only when asked for.
    const page = files.list(req.principal.team.id, { after: q.after, limit: q.limit ?? MAX_LIST_LIMIT, order: q.order ?? 'desc', purpose: q.purpose ?? 'batch' })
    return toFileList(page.rows, page.hasMore)
  })

  app.get('/v1/files/:file_id', { schema: { params: fileParams } }, async (req) => toFileObject(files.get(req.principal.team.id, req.params.file_id)))

  app.delete('/v1/files/:file_id', { schema: { params: fileParams } }, async (req) => {
    await files.delete(req.principal.team.id, req.params.file_id)
    return { id: req.params.file_id, object: 'file', deleted: true }
  })

  // HEAD is its own method here: Fastify's automatic HEAD would read the whole file to discard it
  app.route({
    method: ['GET', 'HEAD'],
    url: '/v1/files/:file_id/content',
    schema: { params: fileParams },
    handler: async (req, reply) => {
      const file = files.get(req.principal.team.id, req.params.file_id)
      const etag = `"${file.id}"`
      const ifRange = req.headers['if-range']
      const range = decideRange(req.headers.range, file.bytes, Array.isArray(ifRange) ? ifRange[0] : ifRange, etag)
      if (range.kind === 'unsatisfiable') {
        throw new GatewayError({
          status: 416,
          type: 'invalid_request_error',
          code: 'range_not_satisfiable',
          param: 'Range',
          message: `The range ${req.headers.range} lies outside the file's ${file.bytes} bytes.`,
          headers: { 'content-range': `bytes */${file.bytes}` },
        })
      }
      const part = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined
      void reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition(file.filename))
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('content-length', part ? part.end - part.start + 1 : file.bytes)
      if (part) void reply.code(206).header('content-range', `bytes ${part.start}-${part.end}/${file.bytes}`)
      if (req.method === 'HEAD') return reply.send()
      return reply.send(await files.openContent(file, part))
    },
  })
}
