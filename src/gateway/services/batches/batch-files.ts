import type { BatchRow } from '../../store/repos/batches-repo'
import type { FileRow } from '../../store/repos/files-repo'
import type { Store } from '../../store/store'
import type { FileService } from '../files/file-service'

const PAGE = 500
const ROLLBACK = Symbol('rollback')

/** Output or error lines already stored per input line, in input order, read a page at a time. */
export function* storedResultLines(store: Store, batchId: string, state: 'succeeded' | 'failed'): Generator<Buffer> {
  for (let after = 0; ; ) {
    const rows = store.batchLines.results(batchId, state, after, PAGE)
    if (rows.length === 0) return
    yield Buffer.from(rows.map((r) => `${r.result}\n`).join(''))
    after = rows.at(-1)!.line
  }
}

/** Error lines for the lines that never ran, through `format`. */
export function* pendingLines(store: Store, batchId: string, format: (p: { line: number; customId: string }) => string): Generator<Buffer> {
  for (let after = 0; ; ) {
    const rows = store.batchLines.pending(batchId, after, PAGE)
    if (rows.length === 0) return
    yield Buffer.from(rows.map((r) => `${format(r)}\n`).join(''))
    after = rows.at(-1)!.line
  }
}

/**
 * Writes a batch's result files and commits them together with the batch's next state: the blobs
 * are renamed into place first, then one transaction inserts their rows and moves the batch. A crash
 * in between leaves blobs without rows, which the start-up sweep removes, and the batch where it was.
 */
export function createBatchFileWriter(store: Store, files: FileService) {
  return {
    /** Stages and renames one result file; null when there is nothing to write. */
    async write(batch: BatchRow, kind: 'output' | 'error', source: Iterable<Buffer>): Promise<FileRow | null> {
      const staged = await files.stage(source)
      if (staged.bytes === 0) {
        await staged.discard()
        return null
      }
      return files.commitBlob(batch.teamId, staged, {
        filename: `${batch.id}_${kind}.jsonl`,
        purpose: 'batch_output',
        expiresAfterSeconds: batch.outputExpiresAfter ?? undefined,
      })
    },

    /** Inserts the rows and applies `transition` atomically; when the transition no longer applies, nothing is kept. */
    async commit(rows: Array<FileRow | null>, transition: () => boolean): Promise<boolean> {
      const written = rows.filter((r): r is FileRow => r !== null)
      try {
        return store.transaction(() => {
          for (const row of written) store.files.insert(row)
          if (!transition()) throw ROLLBACK
          return true
        })
      } catch (e) {
        await files.dropBlobs(written)
        if (e === ROLLBACK) return false
        throw e
      }
    },
  }
}

export type BatchFileWriter = ReturnType<typeof createBatchFileWriter>
