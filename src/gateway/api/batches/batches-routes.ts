import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { withSchemas } from '../../http/route-schemas'
import type { Authenticate } from '../../services/auth/authenticate'
import { toBatchList, toBatchObject } from '../../services/batches/batch-object'
import type { BatchRunner } from '../../services/batches/batch-runner'
import type { BatchService } from '../../services/batches/batch-service'
import { BATCH_ID } from '../../services/files/file-ids'

// Built on the route's first request (z.lazy), not at start: an idle gateway need not hold its zod objects.
const createBody = z.lazy(() => z.strictObject({
  input_file_id: z.string().min(1, 'must not be empty'),
  endpoint: z.literal('/v1/chat/completions', { error: 'must be "/v1/chat/completions", the only endpoint batches run here' }),
  completion_window: z.literal('24h', { error: 'must be "24h"' }),
  metadata: z
    .record(z.string().max(64, 'keys must be at most 64 characters'), z.string().max(512, 'values must be at most 512 characters'))
    .refine((m) => Object.keys(m).length <= 16, 'must hold at most 16 pairs')
    .nullable()
    .optional(),
  output_expires_after: z
    .strictObject({
      anchor: z.literal('created_at', { error: 'must be "created_at"' }),
      seconds: z.number().int().min(3600, 'must be at least 3600 (one hour)').max(2_592_000, 'must be at most 2592000 (30 days)'),
    })
    .optional(),
}))

const listQuery = z.lazy(() => z.object({
  after: z.string().regex(BATCH_ID, 'must be a batch id from a previous page, such as "batch_6a1f2c3d…"').optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(z.number().min(1, 'must be a whole number from 1 to 100').max(100, 'must be a whole number from 1 to 100'))
    .optional(),
}))

const batchParams = z.object({ batch_id: z.string() })

/** OpenAI-compatible `/v1/batches`: create, get, list and cancel; the runner works the batches in the background. */
export async function batchesRoutes(plain: FastifyInstance, opts: { batches: BatchService; runner: BatchRunner; authenticate: Authenticate }) {
  const { batches, runner } = opts
  plain.addHook('onReady', async () => runner.start())
  plain.addHook('onClose', async () => runner.stop())
  installApiKeyAuth(plain, opts.authenticate, 'chat')
  const app = withSchemas(plain)

  app.post('/v1/batches', { schema: { body: createBody } }, async (req) => {
    const body = req.body
    const row = batches.create(req.principal, {
      inputFileId: body.input_file_id,
      endpoint: body.endpoint,
      completionWindow: body.completion_window,
      metadata: body.metadata ?? null,
      outputExpiresAfterSeconds: body.output_expires_after?.seconds ?? null,
    })
    return toBatchObject(row)
  })

  app.get('/v1/batches', { schema: { querystring: listQuery } }, async (req) => {
    const page = batches.list(req.principal, { after: req.query.after, limit: req.query.limit ?? 20 })
    return toBatchList(page.rows, page.hasMore)
  })

  app.get('/v1/batches/:batch_id', { schema: { params: batchParams } }, async (req) => toBatchObject(batches.get(req.principal, req.params.batch_id)))

  app.post('/v1/batches/:batch_id/cancel', { schema: { params: batchParams } }, async (req) => toBatchObject(batches.cancel(req.principal, req.params.batch_id)))
}
