import { config } from 'zod'
import { checkBatchLine, MAX_BATCH_LINES } from '../../../shared/batch-line'

// zod would probe for eval (to compile its parsers), which the desktop window's CSP forbids and reports.
config({ jitless: true })

/** Up to this many problems are listed; a file with more says how many there were. */
const SHOWN = 3

/**
 * A batch input file checked before it is uploaded, line by line with the gateway's own rules (JSONL of
 * `{custom_id, method, url, body}` requests for /v1/chat/completions). Null when it is good; otherwise
 * what is wrong, each problem with its line.
 */
export async function checkBatchFile(file: Blob): Promise<string | null> {
  const text = await file.text()
  const seen = new Set<string>()
  const problems: string[] = []
  let lines = 0
  let count = 0
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    if (!raw.trim()) continue
    lines++
    if (lines > MAX_BATCH_LINES) {
      problems.push(`Line ${i + 1}: a batch holds at most ${MAX_BATCH_LINES} requests.`)
      count++
      break
    }
    const checked = checkBatchLine(raw.replace(/^\uFEFF/, ''), i + 1, '/v1/chat/completions', seen)
    if (!checked.ok) {
      count++
      if (problems.length < SHOWN) problems.push(checked.error.message)
    }
  }
  if (lines === 0) return 'The file is empty: a batch file holds one request per line (JSONL).'
  if (!count) return null
  return `${problems.join(' ')}${count > SHOWN ? ` (${count} lines have problems in all.)` : ''}`
}
