import type { FileRow } from '../../store/repos/files-repo'

/** The file object of spec 2.6, field for field. `status` is deprecated; a stored file is always `processed`. */
export const toFileObject = (f: FileRow) => ({
  id: f.id,
  object: 'file' as const,
  bytes: f.bytes,
  created_at: f.createdAt,
  expires_at: f.expiresAt,
  filename: f.filename,
  purpose: f.purpose,
  status: 'processed' as const,
})

/**
 * The file list object of spec 2.6 (`hasMore`, `firstId`, `lastId`), plus the same three under OpenAI's
 * names (`has_more`, `first_id`, `last_id`), which the official SDKs read to page.
 */
export function toFileList(rows: FileRow[], hasMore: boolean) {
  const firstId = rows[0]?.id ?? null
  const lastId = rows.at(-1)?.id ?? null
  return {
    object: 'list' as const,
    data: rows.map(toFileObject),
    hasMore,
    firstId,
    lastId,
    has_more: hasMore,
    first_id: firstId,
    last_id: lastId,
  }
}
