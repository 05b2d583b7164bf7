import type { Clock, IdGenerator } from '../../kernel/runtime'
import type { BatchEnd, BatchLineError, BatchRow } from '../../store/repos/batches-repo'
import type { Store } from '../../store/store'
import type { FileService } from '../files/file-service'
import { pendingLines, storedResultLines, type BatchFileWriter } from './batch-files'
import { readBatchInput, type InputCheck } from './batch-input'
import { unansweredLine } from './batch-result-lines'

/** How many validation errors the batch object lists; the error file has them all. */
const MAX_LISTED_ERRORS = 1000

export interface BatchJobDeps {
  store: Store
  files: FileService
  writer: BatchFileWriter
  clock: Clock
  ids: IdGenerator
  /** True once the gateway is closing: a job stops early and runs again at the next start. */
  stopping: () => boolean
}

const lineId = (ids: IdGenerator) => `batch_req_${ids.token(12)}`
const seconds = (clock: Clock) => Math.floor(clock.now() / 1000)

function* validationErrorLines(errors: InputCheck['errors'], ids: IdGenerator): Generator<Buffer> {
  for (const e of errors) yield Buffer.from(`${unansweredLine(lineId(ids), e.customId, e.error)}\n`)
}

/**
 * `validating`: checks every input line before any runs. Good lines are stored for the runner and the
 * batch moves to `in_progress`; if any line is bad, none runs: the batch `failed`, its `errors` list
 * the problems and the error file holds one line-numbered entry for each.
 */
export async function validateBatch(d: BatchJobDeps, batch: BatchRow): Promise<void> {
  d.store.batchLines.deleteAll(batch.id)
  const input = d.store.files.get(batch.inputFileId, batch.teamId, seconds(d.clock))
  const whole = (error: BatchLineError): InputCheck => ({ lines: 0, errors: [{ error, customId: null }] })
  let check: InputCheck
  if (!input) {
    check = whole({ code: 'input_file_missing', message: `The input file ${batch.inputFileId} was deleted or expired before the batch ran.`, param: 'input_file_id', line: null })
  } else {
    try {
      const content = await d.files.openContent(input)
      check = await readBatchInput(content, batch.endpoint, (lines) => d.store.batchLines.insertMany(batch.id, lines), d.stopping)
    } catch (err) {
      // Trying again would meet the same input: the batch ends here, saying why.
      if (d.stopping()) return
      check = whole({ code: 'validation_failed', message: `The input file could not be validated: ${(err as Error).message}`, param: 'input_file_id', line: null })
    }
  }
  if (d.stopping()) return
  if (check.errors.length === 0 && check.lines > 0) {
    d.store.batches.start(batch.id, check.lines, seconds(d.clock))
    return
  }
  const errors = check.errors.length
    ? check.errors
    : [{ error: { code: 'empty_file', message: 'The input file holds no requests.', param: 'input_file_id', line: null }, customId: null }]
  const errorFile = await d.writer.write(batch, 'error', validationErrorLines(errors, d.ids))
  await d.writer.commit([errorFile], () => {
    d.store.batchLines.deleteAll(batch.id)
    return d.store.batches.fail(batch.id, errors.slice(0, MAX_LISTED_ERRORS).map((e) => e.error), errorFile?.id ?? null, seconds(d.clock))
  })
}

const UNRUN: Record<Exclude<BatchEnd, 'completed'>, { code: string; message: string }> = {
  cancelled: { code: 'batch_cancelled', message: 'The batch was cancelled before this request ran.' },
  expired: { code: 'batch_expired', message: 'The batch expired (its completion window ended) before this request ran.' },
}

/**
 * `finalizing`, or the end of a cancelled or expired batch: writes the output file (answered lines) and
 * the error file (failed lines, and for cancelled or expired batches the lines that never ran), then
 * records the end state with both ids in one transaction.
 */
export async function finalizeBatch(d: BatchJobDeps, batch: BatchRow, end: BatchEnd): Promise<void> {
  if (end === 'completed' && batch.status === 'in_progress') d.store.batches.markFinalizing(batch.id, seconds(d.clock))
  const output = await d.writer.write(batch, 'output', storedResultLines(d.store, batch.id, 'succeeded'))
  const unrun = end === 'completed' ? undefined : UNRUN[end]
  function* errorLines() {
    yield* storedResultLines(d.store, batch.id, 'failed')
    if (unrun) yield* pendingLines(d.store, batch.id, (p) => unansweredLine(lineId(d.ids), p.customId, { ...unrun, line: p.line }))
  }
  const errorFile = await d.writer.write(batch, 'error', errorLines())
  await d.writer.commit([output, errorFile], () => {
    const ended = d.store.batches.end(batch.id, end, { outputFileId: output?.id ?? null, errorFileId: errorFile?.id ?? null }, seconds(d.clock))
    if (ended) d.store.batchLines.deleteAll(batch.id)
    return ended
  })
}
