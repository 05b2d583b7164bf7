import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { parseOrThrow } from '../../../shared/validation/parse'
import type { Authenticate } from '../../services/auth/authenticate'
import { toBatchList, toBatchObject } from '../../services/batches/batch-object'
import { createBatchRunner } from '../../services/batches/batch-runner'
import { createBatchService } from '../../services/batches/batch-service'
import type { RunChatCompletion } from '../../services/batches/run-chat'
import type { Clock, IdGenerator } from '../../kernel/runtime'
import { BATCH_ID } from '../../services/files/file-ids'
import type { FileService } from '../../services/files/file-service'
import type { Store } from '../../store/store'

const createBody = z.strictObject({
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
})

const listQuery = z.object({
  after: z.string().regex(BATCH_ID, 'must be a batch id from a previous page, such as "batch_6a1f2c3d…"').optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(z.number().min(1, 'must be a whole number from 1 to 100').max(100, 'must be a whole number from 1 to 100'))
    .optional(),
})

export interface BatchesRoutesOptions {
  store: Store
  files: FileService
  clock: Clock
  ids: IdGenerator
  authenticate: Authenticate
  runChat: RunChatCompletion
  concurrency: number
}

type BatchParams = { Params: { batch_id: string } }

/** OpenAI-compatible `/v1/batches`: create, get, list and cancel; a runner works the batches in the background. */
export async function batchesRoutes(app: FastifyInstance, opts: BatchesRoutesOptions) {
  const runner = createBatchRunner({ ...opts, log: app.log })
  const batches = createBatchService({ store: opts.store, clock: opts.clock, ids: opts.ids, runner })
  app.addHook('onReady', async () => runner.start())
  app.addHook('onClose', async () => runner.stop())
  installApiKeyAuth(app, opts.authenticate)

  app.post('/v1/batches', async (req) => {
    const body = parseOrThrow(createBody, req.body)
    const row = batches.create(req.principal, {
      inputFileId: body.input_file_id,
      endpoint: body.endpoint,
      completionWindow: body.completion_window,
      metadata: body.metadata ?? null,
      outputExpiresAfterSeconds: body.output_expires_after?.seconds ?? null,
    })
    return toBatchObject(row)
  })

  app.get('/v1/batches', async (req) => {
    const q = parseOrThrow(listQuery, req.query)
    const page = batches.list(req.principal, { after: q.after, limit: q.limit ?? 20 })
    return toBatchList(page.rows, page.hasMore)
  })

  app.get<BatchParams>('/v1/batches/:batch_id', async (req) => toBatchObject(batches.get(req.principal, req.params.batch_id)))

  app.post<BatchParams>('/v1/batches/:batch_id/cancel', async (req) => toBatchObject(batches.cancel(req.principal, req.params.batch_id)))
}
