import { ApiError, messageOf } from '../api/api-error'
import type { FileObject } from '../../../shared/admin-wire'
import type { LoadStatus, SliceCreator } from './store-types'

export interface FilesSlice {
  files: { status: LoadStatus; error: string | null; list: FileObject[]; busy: boolean }
  loadFiles(): Promise<void>
  uploadFile(file: File): Promise<void>
  deleteFile(id: string): Promise<void>
  downloadFile(id: string): Promise<Blob>
}

/** Batch input files (`/v1/files`), called with the playground's key. */
export const createFilesSlice: SliceCreator<FilesSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<FilesSlice['files']>) => set((s) => ({ files: { ...s.files, ...p } }))
  const fail = (e: unknown) => patch({ status: e instanceof ApiError && e.isMissingEndpoint ? 'missing' : 'error', error: messageOf(e), busy: false })
  return {
    files: { status: 'idle', error: null, list: [], busy: false },
    async loadFiles() {
      patch({ status: get().files.status === 'ready' ? 'ready' : 'loading', error: null })
      try {
        patch({ status: 'ready', list: await api.files(await get().ensureApiKey()) })
      } catch (e) {
        fail(e)
      }
    },
    async uploadFile(file) {
      patch({ busy: true, error: null })
      try {
        await api.uploadFile(await get().ensureApiKey(), file)
        patch({ busy: false })
        await get().loadFiles()
      } catch (e) {
        patch({ busy: false, error: messageOf(e) })
      }
    },
    async deleteFile(id) {
      await api.deleteFile(await get().ensureApiKey(), id)
      await get().loadFiles()
    },
    async downloadFile(id) {
      return api.fetchFileContent(await get().ensureApiKey(), id)
    },
  }
}
