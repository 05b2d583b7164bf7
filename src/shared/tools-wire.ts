/** Admin API shapes of the gateway-run tools (README "Gateway-run tools"): collections, documents, settings. Times are Unix seconds. */

export interface CollectionInfo {
  id: string
  name: string
  description: string | null
  /** The embedding model's name, when the collection has vector search. */
  embedding_model: string | null
  dimensions: number | null
  chunk_size: number
  chunk_overlap: number
  /** The team whose keys see it through the gateway's MCP server; null: every team. */
  team_id: string | null
  document_count: number
  chunk_count: number
  created_at: number
  updated_at: number
}

export interface CollectionInput {
  name: string
  description?: string | null
  /** A model name, alias or UUID of an embedding model; omitted: full-text search only. */
  embedding_model?: string | null
  chunk_size?: number
  chunk_overlap?: number
  /** The team (name or id) it belongs to; omitted: shared with every team. */
  team?: string | null
}

export interface DocumentInfo {
  id: string
  collection_id: string
  name: string
  format: 'text' | 'markdown' | 'html' | 'pdf'
  bytes: number
  characters: number
  chunks: number
  created_at: number
}

export interface DocumentInput {
  name: string
  text: string
}

/** One setting of `tools.web_search`; `source: "config"` means the config file sets it and Settings cannot change it. */
export interface WebSearchSettingsInfo {
  searxng_url: string | null
  duckduckgo_url: string
  brave_url: string
  /** Whether a Brave key is set; the key itself is write-only. */
  has_brave_api_key: boolean
  brave_api_key_env: string | null
  timeout_seconds: number
  max_results: number
  max_page_bytes: number
  max_redirects: number
  allow_private_addresses: boolean
  /** Fields the config file sets. */
  from_config: string[]
}

export interface WebSearchSettingsInput {
  searxng_url?: string | null
  duckduckgo_url?: string | null
  brave_url?: string | null
  /** The key, `env:NAME`, or null to remove it. */
  brave_api_key?: string | null
  timeout_seconds?: number | null
  max_results?: number | null
  max_page_bytes?: number | null
  max_redirects?: number | null
  allow_private_addresses?: boolean | null
}

export interface ToolSettingsInfo {
  web_search: WebSearchSettingsInfo
}

/** A source a gateway tool gave the model, as the usage log keeps it. */
export interface ToolRunInfo {
  type: string
  name: string
  input: string
  status: 'ok' | 'error'
  latency_ms: number
  sources: Array<{ title: string; url: string }>
  error?: string
}
