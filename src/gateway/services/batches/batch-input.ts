import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { checkBatchLine, MAX_BATCH_LINES } from '../../../shared/batch-line'
import type { NewBatchLine } from '../../store/repos/batch-lines-repo'
import type { BatchLineError } from '../../store/repos/batches-repo'

export { MAX_BATCH_LINES }
const INSERT_CHUNK = 1000

export interface InputCheck {
  lines: number
  errors: Array<{ error: BatchLineError; customId: string | null }>
}

/**
 * Reads the input file line by line (blank lines are skipped but counted, so numbers match an editor's),
 * hands good lines to `store` in chunks and collects every bad one.
 */
export async function readBatchInput(
  content: Readable,
  endpoint: string,
  store: (lines: NewBatchLine[]) => void,
  shouldStop: () => boolean,
): Promise<InputCheck> {
  const seen = new Set<string>()
  const result: InputCheck = { lines: 0, errors: [] }
  let chunk: NewBatchLine[] = []
  let number = 0
  const reader = createInterface({ input: content, crlfDelay: Number.POSITIVE_INFINITY })
  try {
    for await (const text of reader) {
      number++
      if (shouldStop()) break
      if (!text.trim()) continue
      if (result.lines + result.errors.length >= MAX_BATCH_LINES) {
        result.errors.push({ error: { code: 'too_many_requests', message: `Line ${number}: a batch holds at most ${MAX_BATCH_LINES} requests.`, param: null, line: number }, customId: null })
        break
      }
      const checked = checkBatchLine(text.replace(/^\uFEFF/, ''), number, endpoint, seen)
      if (!checked.ok) {
        result.errors.push({ error: checked.error, customId: checked.customId })
        continue
      }
      result.lines++
      chunk.push(checked.line)
      if (chunk.length >= INSERT_CHUNK) {
        store(chunk)
        chunk = []
      }
    }
  } finally {
    reader.close()
    content.destroy()
  }
  if (chunk.length) store(chunk)
  return result
}
