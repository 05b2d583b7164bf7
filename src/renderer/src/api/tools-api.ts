import type { CollectionInfo, CollectionInput, DocumentInfo, ToolSettingsInfo, WebSearchSettingsInput } from '../../../shared/tools-wire'
import type { Connection } from './connection'
import { requestJson } from './http'

/** The gateway-run tools' admin API: RAG collections and their documents, and the web search settings. */
export interface ToolsApi {
  collections(): Promise<CollectionInfo[]>
  createCollection(input: CollectionInput): Promise<CollectionInfo>
  deleteCollection(id: string): Promise<void>
  documents(collectionId: string): Promise<DocumentInfo[]>
  /** A file (text, Markdown, HTML or PDF) as a multipart upload. */
  uploadDocument(collectionId: string, file: File): Promise<DocumentInfo>
  deleteDocument(collectionId: string, docId: string): Promise<void>
  toolSettings(): Promise<ToolSettingsInfo>
  updateWebSearchSettings(input: WebSearchSettingsInput): Promise<ToolSettingsInfo>
}

export function createToolsApi(conn: Connection): ToolsApi {
  const enc = encodeURIComponent
  const admin = <T>(path: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET', body?: unknown) => requestJson<T>(conn, `/admin${path}`, { method, body, auth: 'admin' })
  return {
    collections: () => admin<{ data: CollectionInfo[] }>('/collections').then((r) => r.data),
    createCollection: (input) => admin('/collections', 'POST', input),
    deleteCollection: async (id) => void (await admin(`/collections/${enc(id)}`, 'DELETE')),
    documents: (id) => admin<{ data: DocumentInfo[] }>(`/collections/${enc(id)}/documents`).then((r) => r.data),
    uploadDocument(id, file) {
      const form = new FormData()
      form.append('file', file, file.name)
      return admin(`/collections/${enc(id)}/documents`, 'POST', form)
    },
    deleteDocument: async (id, docId) => void (await admin(`/collections/${enc(id)}/documents/${enc(docId)}`, 'DELETE')),
    toolSettings: () => admin('/tools/settings'),
    updateWebSearchSettings: (input) => admin('/tools/settings', 'PATCH', { web_search: input }),
  }
}
