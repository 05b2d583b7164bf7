import type { IdGenerator } from '../../kernel/runtime'

/**
 * Ids that start with their creation second in hex, then 16 random base64url characters. A list
 * cursor (`after`) therefore carries its own position: paging goes on correctly even after the file
 * it names was deleted, as in "list and delete every file".
 */
export const FILE_ID = /^file-[0-9a-f]{8}[A-Za-z0-9_-]{16}$/
export const BATCH_ID = /^batch_[0-9a-f]{8}[A-Za-z0-9_-]{16}$/

const stamp = (unixSeconds: number) => Math.floor(unixSeconds).toString(16).padStart(8, '0')

export const newFileId = (unixSeconds: number, ids: IdGenerator) => `file-${stamp(unixSeconds)}${ids.token(12)}`
export const newBatchId = (unixSeconds: number, ids: IdGenerator) => `batch_${stamp(unixSeconds)}${ids.token(12)}`

/** The creation second a well-formed file or batch id carries. */
export function idSecond(id: string): number {
  const start = id.indexOf(id.startsWith('file-') ? '-' : '_') + 1
  return parseInt(id.slice(start, start + 8), 16)
}
