import { isAbort, messageOf } from '../api/api-error'
import { uploadPurposeOf } from '../lib/upload-purpose'
import type { BatchObject, FileListQuery } from '../api/batches-api'
import type { FileObject } from '../../../shared/admin-wire'
import type { LoadStatus, SliceCreator } from './store-types'
import { newestReads } from './newest-read'
import { missingOrError } from './list-state'

export interface UploadItem {
  id: string
  name: string
  bytes: number
  progress: number
  state: 'checking' | 'uploading' | 'done' | 'refused' | 'failed' | 'cancelled'
  message: string | null
}

export interface FilesSlice {
  files: {
    status: LoadStatus
    error: string | null
    list: FileObject[]
    busy: boolean
    query: Pick<FileListQuery, 'purpose' | 'order' | 'limit'>
    /** Cursors of the pages before this one (the first page has none). */
    cursors: string[]
    hasMore: boolean
    uploads: UploadItem[]
  }
  batches: { status: LoadStatus; error: string | null; list: BatchObject[] }
  loadFiles(query?: Partial<FilesSlice['files']['query']>): Promise<void>
  nextFilesPage(): Promise<void>
  previousFilesPage(): Promise<void>
  /** Checks a batch file line by line, then uploads it with progress; a bad file is refused with the line and reason. */
  uploadFile(file: File): Promise<void>
  cancelUpload(id: string): void
  dismissUpload(id: string): void
  deleteFile(id: string): Promise<void>
  downloadFile(id: string): Promise<Blob>
  loadBatches(): Promise<void>
  createBatch(inputFileId: string): Promise<BatchObject>
  cancelBatch(id: string): Promise<void>
}

const uploadControllers = new Map<string, AbortController>()
let uploadSeq = 0

/** Batch input and output files (`/v1/files`, paged with its cursor) and batches (`/v1/batches`), with the playground's key. */
export const createFilesSlice: SliceCreator<FilesSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<FilesSlice['files']>) => set((s) => ({ files: { ...s.files, ...p } }))
  const patchUpload = (id: string, p: Partial<UploadItem>) => set((s) => ({ files: { ...s.files, uploads: s.files.uploads.map((u) => (u.id === id ? { ...u, ...p } : u)) } }))
  const fail = (e: unknown) => patch({ status: missingOrError(e), error: messageOf(e), busy: false })

  // A page read for a filter or page left while it was on its way is not shown.
  const beginPageRead = newestReads()
  const beginBatchesRead = newestReads()

  async function loadPage(cursors: string[]) {
    const isNewest = beginPageRead()
    const { query } = get().files
    // Files are listed with this browser's playground key; opening the page does not issue one.
    if (!get().access.key) return patch({ status: 'ready', error: null, list: [], hasMore: false, cursors: [] })
    patch({ status: get().files.status === 'ready' ? 'ready' : 'loading', error: null })
    try {
      const page = await api.listFiles(await get().ensureApiKey(), { ...query, after: cursors.at(-1) })
      if (isNewest()) patch({ status: 'ready', list: page.data, hasMore: page.has_more, cursors })
    } catch (e) {
      if (isNewest()) fail(e)
    }
  }

  return {
    files: { status: 'idle', error: null, list: [], busy: false, query: { purpose: 'batch', order: 'desc', limit: 20 }, cursors: [], hasMore: false, uploads: [] },
    batches: { status: 'idle', error: null, list: [] },
    async loadFiles(query) {
      if (query) patch({ query: { ...get().files.query, ...query } })
      await loadPage([])
    },
    async nextFilesPage() {
      const { list, cursors, hasMore } = get().files
      if (hasMore && list.length) await loadPage([...cursors, list.at(-1)!.id])
    },
    async previousFilesPage() {
      await loadPage(get().files.cursors.slice(0, -1))
    },
    async uploadFile(file) {
      const id = `up-${++uploadSeq}`
      set((s) => ({ files: { ...s.files, uploads: [{ id, name: file.name, bytes: file.size, progress: 0, state: 'checking', message: null }, ...s.files.uploads] } }))
      // Only a batch's input is checked before it goes (a PDF or image read as JSONL gave garbled errors);
      // the check (zod, the gateway's own line rules) loads on the first upload, not with the app.
      const purpose = uploadPurposeOf(file)
      if (purpose === 'batch') {
        const { checkBatchFile } = await import('../lib/check-batch-file')
        const problem = await checkBatchFile(file)
        if (problem) return patchUpload(id, { state: 'refused', message: problem })
      }
      const hadKey = !!get().access.key
      const controller = new AbortController()
      uploadControllers.set(id, controller)
      patchUpload(id, { state: 'uploading' })
      try {
        await api.uploadFileWithProgress(await get().ensureApiKey(), file, (progress) => patchUpload(id, { progress }), controller.signal, purpose)
        patchUpload(id, { state: 'done', progress: 1 })
        // The first upload may have issued the key the lists wait for: then both are read now.
        if (!hadKey) await Promise.all([loadPage([]), get().loadBatches()])
        else if (get().files.query.purpose === purpose) await loadPage([])
      } catch (e) {
        patchUpload(id, isAbort(e) ? { state: 'cancelled', message: 'Upload cancelled.' } : { state: 'failed', message: messageOf(e) })
      } finally {
        uploadControllers.delete(id)
      }
    },
    cancelUpload(id) {
      uploadControllers.get(id)?.abort()
    },
    dismissUpload(id) {
      set((s) => ({ files: { ...s.files, uploads: s.files.uploads.filter((u) => u.id !== id) } }))
    },
    async deleteFile(id) {
      await api.deleteFile(await get().ensureApiKey(), id)
      await loadPage(get().files.cursors)
    },
    async downloadFile(id) {
      return api.fetchFileContent(await get().ensureApiKey(), id)
    },
    async loadBatches() {
      const isNewest = beginBatchesRead()
      if (!get().access.key) return set({ batches: { status: 'ready', error: null, list: [] } })
      set((s) => ({ batches: { ...s.batches, status: s.batches.status === 'ready' ? 'ready' : 'loading', error: null } }))
      try {
        const page = await api.listBatches(await get().ensureApiKey(), { limit: 50 })
        if (isNewest()) set({ batches: { status: 'ready', error: null, list: page.data } })
      } catch (e) {
        if (isNewest()) set((s) => ({ batches: { ...s.batches, status: missingOrError(e), error: messageOf(e) } }))
      }
    },
    async createBatch(inputFileId) {
      const batch = await api.createBatch(await get().ensureApiKey(), inputFileId)
      set((s) => ({ batches: { ...s.batches, list: [batch, ...s.batches.list.filter((b) => b.id !== batch.id)] } }))
      return batch
    },
    async cancelBatch(id) {
      const batch = await api.cancelBatch(await get().ensureApiKey(), id)
      set((s) => ({ batches: { ...s.batches, list: s.batches.list.map((b) => (b.id === id ? batch : b)) } }))
    },
  }
}

/** Batches still moving: the page polls while there are any. */
export const activeBatches = (list: BatchObject[]) => list.filter((b) => ['validating', 'in_progress', 'finalizing', 'cancelling'].includes(b.status))
