import { badRequest, GatewayError, notFound } from '../../../shared/errors'
import type { Clock, IdGenerator } from '../../kernel/runtime'
import type { BatchRow } from '../../store/repos/batches-repo'
import type { Store } from '../../store/store'
import type { Principal } from '../auth/principal'
import { BATCH_ID, idSecond, newBatchId } from '../files/file-ids'
import type { BatchRunner } from './batch-runner'

export interface NewBatchRequest {
  inputFileId: string
  endpoint: string
  completionWindow: '24h'
  metadata: Record<string, string> | null
  outputExpiresAfterSeconds: number | null
}

const COMPLETION_WINDOW_SECONDS = 24 * 3600

const batchNotFound = (id: string) => notFound(`No batch "${id}": it does not exist or belongs to another team.`, 'batch_not_found', 'batch_id')

/** What `/v1/batches` does; the runner does the work in the background. */
export function createBatchService(deps: { store: Store; clock: Clock; ids: IdGenerator; runner: BatchRunner }) {
  const { store, clock, ids, runner } = deps

  function get(principal: Principal, id: string): BatchRow {
    const row = BATCH_ID.test(id) ? store.batches.getForTeam(id, principal.team.id) : undefined
    if (!row) throw batchNotFound(id)
    return row
  }

  return {
    get,

    create(principal: Principal, req: NewBatchRequest): BatchRow {
      const input = store.files.get(req.inputFileId, principal.team.id, Math.floor(clock.now() / 1000))
      if (!input) {
        throw notFound(`input_file_id: no file "${req.inputFileId}" (it does not exist, was deleted or expired, or belongs to another team).`, 'file_not_found', 'input_file_id')
      }
      if (input.purpose !== 'batch') {
        throw badRequest(`input_file_id must name a file uploaded with purpose "batch"; ${input.id} has purpose "${input.purpose}".`, 'input_file_id')
      }
      const createdAt = Math.floor(clock.now() / 1000)
      const id = newBatchId(createdAt, ids)
      store.batches.insert({
        id,
        teamId: principal.team.id,
        keyId: principal.keyId,
        endpoint: req.endpoint,
        inputFileId: input.id,
        completionWindow: req.completionWindow,
        metadata: req.metadata,
        outputExpiresAfter: req.outputExpiresAfterSeconds,
        createdAt,
        expiresAt: createdAt + COMPLETION_WINDOW_SECONDS,
      })
      runner.kick()
      return store.batches.get(id)!
    },

    list(principal: Principal, q: { after?: string; limit: number }): { rows: BatchRow[]; hasMore: boolean } {
      const after = q.after ? { createdAt: idSecond(q.after), id: q.after } : null
      const rows = store.batches.page(principal.team.id, after, q.limit + 1)
      return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit }
    },

    /** `validating` or `in_progress` -> `cancelling`; the runner stops its lines and writes what finished. */
    cancel(principal: Principal, id: string): BatchRow {
      const batch = get(principal, id)
      if (batch.status === 'cancelling' || batch.status === 'cancelled') return batch
      if (!store.batches.cancel(id, principal.team.id, Math.floor(clock.now() / 1000))) {
        throw new GatewayError({
          status: 409,
          type: 'invalid_request_error',
          code: 'batch_not_cancellable',
          param: 'batch_id',
          message: `The batch is already ${batch.status}; only a validating or in-progress batch can be cancelled.`,
        })
      }
      runner.cancel(id)
      return get(principal, id)
    },
  }
}

export type BatchService = ReturnType<typeof createBatchService>
