import { ApiError } from '../api/api-error'
import type { ToolsApi } from '../api/tools-api'
import type { CollectionInfo, DocumentInfo, WebSearchSettingsInfo } from '../../../shared/tools-wire'

/** Collections and web search settings kept in memory, as the admin API would keep them. */
export function fakeToolsApi(): ToolsApi & { collectionRows: CollectionInfo[]; documentRows: DocumentInfo[]; webSearch: WebSearchSettingsInfo } {
  const collectionRows: CollectionInfo[] = []
  const documentRows: DocumentInfo[] = []
  let n = 0
  const webSearch: WebSearchSettingsInfo = { searxng_url: null, duckduckgo_url: 'https://html.duckduckgo.com/html/', brave_url: 'https://api.search.brave.com/res/v1/web/search', has_brave_api_key: false, brave_api_key_env: null, timeout_seconds: 10, max_results: 5, max_page_bytes: 2097152, max_redirects: 5, allow_private_addresses: false, from_config: ['max_results'] }
  const counted = (c: CollectionInfo): CollectionInfo => {
    const docs = documentRows.filter((d) => d.collection_id === c.id)
    return { ...c, document_count: docs.length, chunk_count: docs.reduce((s, d) => s + d.chunks, 0) }
  }
  const find = (id: string) => {
    const c = collectionRows.find((x) => x.id === id)
    if (!c) throw new ApiError(`No collection "${id}".`, { status: 404, code: 'collection_not_found' })
    return c
  }
  return {
    collectionRows,
    documentRows,
    webSearch,
    collections: async () => collectionRows.map(counted),
    async createCollection(input) {
      if (collectionRows.some((c) => c.name === input.name)) throw new ApiError(`A collection named "${input.name}" already exists.`, { status: 409, code: 'already_exists' })
      const row: CollectionInfo = { id: `col-${++n}`, name: input.name, description: input.description ?? null, embedding_model: input.embedding_model ?? null, dimensions: null, chunk_size: 1200, chunk_overlap: 200, team_id: null, document_count: 0, chunk_count: 0, created_at: 1, updated_at: 1 }
      collectionRows.push(row)
      return row
    },
    async deleteCollection(id) {
      collectionRows.splice(collectionRows.indexOf(find(id)), 1)
    },
    documents: async (id) => documentRows.filter((d) => d.collection_id === find(id).id),
    async uploadDocument(id, file) {
      const doc: DocumentInfo = { id: `doc-${++n}`, collection_id: find(id).id, name: file.name, format: file.name.endsWith('.md') ? 'markdown' : 'text', bytes: file.size, characters: file.size, chunks: Math.max(1, Math.ceil(file.size / 1000)), created_at: 1 }
      documentRows.push(doc)
      return doc
    },
    async deleteDocument(id, docId) {
      find(id)
      documentRows.splice(documentRows.findIndex((d) => d.id === docId), 1)
    },
    toolSettings: async () => ({ web_search: { ...webSearch } }),
    async updateWebSearchSettings(input) {
      if (input.max_results !== undefined) throw new ApiError('tools.web_search sets max_results in the config file; change it there and restart.', { status: 409, code: 'managed_by_config' })
      if (input.searxng_url !== undefined) webSearch.searxng_url = input.searxng_url
      if (input.brave_api_key) webSearch.has_brave_api_key = true
      if (input.timeout_seconds) webSearch.timeout_seconds = input.timeout_seconds
      if (input.allow_private_addresses !== undefined && input.allow_private_addresses !== null) webSearch.allow_private_addresses = input.allow_private_addresses
      return { web_search: { ...webSearch } }
    },
  }
}
