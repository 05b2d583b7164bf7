import { messageOf } from '../api/api-error'
import type { CollectionInfo, CollectionInput, DocumentInfo, WebSearchSettingsInfo, WebSearchSettingsInput } from '../../../shared/tools-wire'
import { listLoader, missingOrError } from './list-state'
import { newestReadsByKey } from './newest-read'
import type { LoadStatus, SliceCreator } from './store-types'

export interface CollectionsSlice {
  collections: { status: LoadStatus; error: string | null; list: CollectionInfo[]; documents: Record<string, DocumentInfo[]>; busy: boolean }
  webSearchSettings: { status: LoadStatus; error: string | null; value: WebSearchSettingsInfo | null }
  loadCollections(): Promise<void>
  createCollection(input: CollectionInput): Promise<CollectionInfo>
  deleteCollection(id: string): Promise<void>
  loadDocuments(collectionId: string): Promise<void>
  /** Uploads each file in turn; the first that fails stops the rest and is reported. */
  uploadDocuments(collectionId: string, files: File[]): Promise<void>
  deleteDocument(collectionId: string, docId: string): Promise<void>
  loadWebSearchSettings(): Promise<void>
  saveWebSearchSettings(input: WebSearchSettingsInput): Promise<void>
}

/** RAG collections and the web search settings, through the admin API. */
export const createCollectionsSlice: SliceCreator<CollectionsSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<CollectionsSlice['collections']>) => set((s) => ({ collections: { ...s.collections, ...p } }))
  const beginDocumentsRead = newestReadsByKey()
  return {
    collections: { status: 'idle', error: null, list: [], documents: {}, busy: false },
    webSearchSettings: { status: 'idle', error: null, value: null },
    loadCollections: listLoader(() => get().collections, patch, () => api.collections(), missingOrError),
    async createCollection(input) {
      const created = await api.createCollection(input)
      await get().loadCollections()
      return created
    },
    async deleteCollection(id) {
      await api.deleteCollection(id)
      set((s) => {
        const documents = { ...s.collections.documents }
        delete documents[id]
        return { collections: { ...s.collections, documents } }
      })
      await get().loadCollections()
    },
    async loadDocuments(collectionId) {
      const isNewest = beginDocumentsRead(collectionId)
      const docs = await api.documents(collectionId)
      if (isNewest()) set((s) => ({ collections: { ...s.collections, documents: { ...s.collections.documents, [collectionId]: docs } } }))
    },
    async uploadDocuments(collectionId, files) {
      patch({ busy: true, error: null })
      let error: string | null = null
      try {
        for (const file of files) await api.uploadDocument(collectionId, file)
      } catch (e) {
        error = `${messageOf(e)} (later files were not uploaded)`
      }
      await Promise.all([get().loadDocuments(collectionId), get().loadCollections()]).catch(() => {})
      // after the reload, which clears errors
      patch({ busy: false, error })
    },
    async deleteDocument(collectionId, docId) {
      await api.deleteDocument(collectionId, docId)
      await Promise.all([get().loadDocuments(collectionId), get().loadCollections()])
    },
    async loadWebSearchSettings() {
      set((s) => ({ webSearchSettings: { ...s.webSearchSettings, status: 'loading', error: null } }))
      try {
        set({ webSearchSettings: { status: 'ready', error: null, value: (await api.toolSettings()).web_search } })
      } catch (e) {
        set((s) => ({ webSearchSettings: { ...s.webSearchSettings, status: missingOrError(e), error: messageOf(e) } }))
      }
    },
    async saveWebSearchSettings(input) {
      const saved = await api.updateWebSearchSettings(input)
      set({ webSearchSettings: { status: 'ready', error: null, value: saved.web_search } })
    },
  }
}
