import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { GatewayError } from '../../../shared/errors'
import { parseOrThrow } from '../../../shared/validation/parse'
import { formatBytes } from '../../config/units'
import { readSmallForm } from '../../http/multipart-form'
import { withSchemas } from '../../http/route-schemas'
import { abortOnClientClose } from '../../http/client-abort'
import type { RagService } from '../../services/tools/rag/rag-service'
import type { ToolSettings } from '../../services/tools/tool-settings'

/** Built on each schema's first request (z.lazy), as admin-schemas.ts's: a gateway never asked for RAG or tool settings need not hold them. */
const collectionBody = z.lazy(() => z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  description: z.string().max(2000).nullable().optional(),
  embedding_model: z.string().min(1).nullable().optional(),
  chunk_size: z.number().int().min(100, 'must be from 100 to 20000 characters').max(20_000, 'must be from 100 to 20000 characters').optional(),
  chunk_overlap: z.number().int().min(0, 'must be 0 or more characters').optional(),
  team: z.string().min(1).nullable().optional(),
}))

const documentBody = z.lazy(() => z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
  text: z.string().min(1, 'must not be empty'),
}))

const webSearchBody = () => z.strictObject({
  searxng_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as "http://127.0.0.1:8888"' }).nullable().optional(),
  duckduckgo_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).nullable().optional(),
  brave_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).nullable().optional(),
  brave_api_key: z.string().min(1, 'must not be empty (send null to remove the key)').nullable().optional(),
  timeout_seconds: z.number().positive().max(300, 'must be at most 300 seconds').nullable().optional(),
  max_results: z.number().int().min(1).max(20).nullable().optional(),
  max_page_bytes: z.number().int().min(1024).max(64 * 1024 * 1024).nullable().optional(),
  max_redirects: z.number().int().min(0).max(20).nullable().optional(),
  allow_private_addresses: z.boolean().nullable().optional(),
})
const settingsBody = z.lazy(() => z.strictObject({ web_search: webSearchBody().optional() }))

const searchBody = z.lazy(() => z.strictObject({
  query: z.string().trim().min(1, 'must not be empty: give the words to look for'),
  top_n: z.number().int().min(1).max(50, 'must be from 1 to 50').optional(),
  mode: z.enum(['bm25', 'vector', 'hybrid']).optional(),
}))

const collectionParams = z.object({ id: z.string() })
const documentParams = z.object({ id: z.string(), doc_id: z.string() })

/** Documents are read whole into memory to be parsed: this bounds one upload. */
const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024

const tooLarge = () =>
  new GatewayError({ status: 413, type: 'request_too_large', code: 'file_too_large', param: 'file', message: `A document may be at most ${formatBytes(MAX_DOCUMENT_BYTES)}; split it into several.` })

/** RAG collections and their documents, and the settings of the gateway-run tools (README "Gateway-run tools"). */
export async function toolsRoutes(plain: FastifyInstance, opts: { rag: RagService; settings: ToolSettings }) {
  const { rag, settings } = opts
  await plain.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: 1, fields: 2, parts: 3, fieldSize: 64 * 1024 } })
  const app = withSchemas(plain)

  app.get('/collections', async () => ({ data: rag.list() }))
  app.post('/collections', { schema: { body: collectionBody } }, async (req, reply) => reply.code(201).send(rag.create(req.body)))
  app.get('/collections/:id', { schema: { params: collectionParams } }, async (req) => rag.get(req.params.id))
  app.delete('/collections/:id', { schema: { params: collectionParams } }, async (req) => rag.remove(req.params.id))

  app.post('/collections/:id/search', { schema: { params: collectionParams, body: searchBody } }, async (req, reply) => {
    const hits = await rag.search(req.params.id, req.body.query, { topN: req.body.top_n ?? 10, mode: req.body.mode, signal: abortOnClientClose(reply).asAbortSignal(), param: 'id' })
    return {
      object: 'list',
      data: hits.map((h) => ({
        document_id: h.documentId,
        document_name: h.documentName,
        seq: h.seq,
        text: h.text,
        similarity: h.similarity,
        ...(h.recording ? { recording_id: h.recording.id, start: h.recording.start, end: h.recording.end } : {}),
      })),
    }
  })
  app.get('/collections/:id/documents', { schema: { params: collectionParams } }, async (req) => ({ data: rag.documents(req.params.id) }))
  app.post('/collections/:id/documents', { schema: { params: collectionParams } }, async (req, reply) => {
    // the request's own 'close' fires once its body is read: the reply's tells that the client went away
    const signal = abortOnClientClose(reply).asAbortSignal()
    if (req.isMultipart()) {
      const form = await readSmallForm(req, { allowed: ['name'], maxBytes: MAX_DOCUMENT_BYTES, tooLarge, howToSend: 'Send a file part "file" (and optionally a field "name"), or JSON {name, text}.' })
      if (!form.file) throw new GatewayError({ status: 400, type: 'invalid_request_error', code: 'missing_file', param: 'file', message: 'file is required: send the document as a file part named "file".' })
      const name = form.fields.name?.[0] ?? form.file.filename
      return reply.code(201).send(await rag.addDocument(req.params.id, { name, bytes: form.file.data }, signal))
    }
    const body = parseOrThrow(documentBody, req.body)
    return reply.code(201).send(await rag.addDocument(req.params.id, { name: body.name, bytes: Buffer.from(body.text, 'utf8'), mediaType: /\.(html?|md|markdown)$/i.test(body.name) ? undefined : 'text/plain' }, signal))
  })
  app.delete('/collections/:id/documents/:doc_id', { schema: { params: documentParams } }, async (req) => rag.removeDocument(req.params.id, req.params.doc_id))

  app.get('/tools/settings', async () => ({ web_search: settings.info() }))
  app.patch('/tools/settings', { schema: { body: settingsBody } }, async (req) => ({ web_search: req.body.web_search ? settings.update(req.body.web_search) : settings.info() }))
}
