import type { Readable } from 'node:stream'
import { notFound } from '../../../shared/errors'
import { BlobNotFoundError, type BlobRange, type BlobSource, type BlobStore, type StagedBlob } from '../../blobs/blob-store'
import type { Clock, IdGenerator } from '../../kernel/runtime'
import type { FilePurpose, FileRow } from '../../store/repos/files-repo'
import type { Store } from '../../store/store'
import { FILE_ID, idSecond, newFileId } from './file-ids'

export interface FileServiceDeps {
  store: Store
  blobs: BlobStore
  clock: Clock
  ids: IdGenerator
  retentionSeconds: number
}

export interface NewFile {
  filename: string
  purpose: FilePurpose
  /** Overrides the configured retention. */
  expiresAfterSeconds?: number
}

export interface FileListQuery {
  after?: string
  limit: number
  order: 'asc' | 'desc'
  purpose?: FilePurpose
}

const EXPIRY_SWEEP_BATCH = 500

const fileNotFound = (id: string) =>
  notFound(`No file "${id}": it does not exist, was deleted or has expired, or belongs to another team.`, 'file_not_found', 'file_id')

/** Uploads and generated files of each team: rows in the store, bytes in the blob store. */
export function createFileService(deps: FileServiceDeps) {
  const { store, blobs, clock, ids } = deps
  const nowSeconds = () => Math.floor(clock.now() / 1000)

  /**
   * Renames the staged content into place and returns the row that describes it, not yet inserted: the
   * caller inserts it, alone or in a transaction with other rows. Until then the blob is an orphan that
   * the start-up sweep would remove.
   */
  async function commitBlob(teamId: string, staged: StagedBlob, file: NewFile): Promise<FileRow> {
    const createdAt = nowSeconds()
    const id = newFileId(createdAt, ids)
    await staged.commit(id)
    return {
      id,
      teamId,
      filename: file.filename,
      purpose: file.purpose,
      bytes: staged.bytes,
      createdAt,
      expiresAt: createdAt + (file.expiresAfterSeconds ?? deps.retentionSeconds),
    }
  }

  /** Temp file -> fsync -> rename -> row: the row is committed last, so a crash leaves nothing visible. */
  async function create(teamId: string, staged: StagedBlob, file: NewFile): Promise<FileRow> {
    let row: FileRow
    try {
      row = await commitBlob(teamId, staged, file)
    } catch (e) {
      await staged.discard()
      throw e
    }
    try {
      store.files.insert(row)
    } catch (e) {
      await blobs.remove(row.id)
      throw e
    }
    return row
  }

  function get(teamId: string, id: string): FileRow {
    const row = FILE_ID.test(id) ? store.files.get(id, teamId, nowSeconds()) : undefined
    if (!row) throw fileNotFound(id)
    return row
  }

  return {
    stage: (source: BlobSource, maxBytes?: number) => blobs.stage(source, { maxBytes }),
    commitBlob,
    create,

    /** Removes committed blobs whose rows never made it into the store. */
    async dropBlobs(rows: FileRow[]): Promise<void> {
      await Promise.all(rows.map((r) => blobs.remove(r.id)))
    },

    get,

    list(teamId: string, q: FileListQuery): { rows: FileRow[]; hasMore: boolean } {
      const rows = store.files.page({
        teamId,
        now: nowSeconds(),
        purpose: q.purpose ?? null,
        order: q.order,
        after: q.after ? { createdAt: idSecond(q.after), id: q.after } : null,
        limit: q.limit + 1,
      })
      return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit }
    },

    /** The row goes first: a crash before the bytes are gone leaves an orphan blob, never a row without bytes. */
    async delete(teamId: string, id: string): Promise<void> {
      if (!FILE_ID.test(id) || !store.files.delete(id, teamId, nowSeconds())) throw fileNotFound(id)
      await blobs.remove(id)
    },

    async openContent(file: FileRow, range?: BlobRange): Promise<Readable> {
      try {
        return await blobs.openRead(file.id, range)
      } catch (e) {
        if (e instanceof BlobNotFoundError) throw new Error(`The bytes of file ${file.id} are missing from the blob store.`, { cause: e })
        throw e
      }
    },

    /** The whole of one of the team's files, for a request that puts it in a prompt (a 404 naming it when there is none). */
    async readWhole(teamId: string, id: string): Promise<{ filename: string; bytes: Buffer }> {
      const file = get(teamId, id)
      const parts: Buffer[] = []
      for await (const part of await this.openContent(file)) parts.push(part as Buffer)
      return { filename: file.filename, bytes: Buffer.concat(parts) }
    },

    /** Deletes files past their expiry, rows first. Returns how many went. */
    async sweepExpired(): Promise<number> {
      let removed = 0
      for (;;) {
        const expired = store.files.expiredIds(nowSeconds(), EXPIRY_SWEEP_BATCH)
        if (expired.length === 0) return removed
        store.transaction(() => expired.forEach((id) => store.files.deleteById(id)))
        await Promise.all(expired.map((id) => blobs.remove(id)))
        removed += expired.length
      }
    },

    /** Start-up: temp files of interrupted writes, and blobs whose row was never committed. */
    sweepOrphans: () => blobs.sweep((name) => store.files.exists(name)),
  }
}

export type FileService = ReturnType<typeof createFileService>
