import type { ModelEngine, ModelKind } from './model-kind'
import type { ModelPricing } from './pricing'

export type { ModelPricing }

/** Shapes of the admin API (README "Endpoints"): the gateway writes them, the renderer reads them. Times are Unix seconds. */
export type RowSource = 'config' | 'admin'

export interface GatewayStatus {
  version: string
  config_source: string
  credits: { balance: number }
  counts: { providers: number; models: number; teams: number; keys: number }
}

export interface ModelInfo {
  id: string
  name: string
  provider: string
  upstream: string | null
  engine: ModelEngine | null
  /** What the model does (see shared/model-kind.ts): decides which endpoint and which picker takes it. */
  kind: ModelKind
  file: string | null
  aliases: string[]
  pricing: ModelPricing
  source: RowSource
  created_at: number
}

export interface ProviderInfo {
  id: string
  type: 'openai' | 'anthropic' | 'local'
  base_url: string | null
  has_api_key: boolean
  source: RowSource
}

export interface TeamInfo {
  id: string
  name: string
  models: string[] | null
  fallbacks: Record<string, string[]>
  use_fallbacks: boolean
  source: RowSource
}

export interface UserInfo {
  id: string
  name: string
  team_id: string
  source: RowSource
}

export type KeyStatus = 'active' | 'deprecated' | 'revoked' | 'expired'

export interface KeyInfo {
  id: string
  kind: 'team' | 'user'
  team_id: string | null
  user_id: string | null
  hint: string
  name: string | null
  status: KeyStatus
  source: RowSource
  created_at: number | null
  expires_at: number | null
  deprecated_at: number | null
  revoked_at: number | null
  last_used_at: number | null
}

/** The create and rotate replies: the only time the key itself is sent. */
export interface IssuedKey extends KeyInfo {
  key: string
}

export interface NewKeyInput {
  team_id?: string
  user_id?: string
  name?: string | null
  expires_at?: number | null
}

export interface AgentInput {
  name: string
  model: string
  system_prompt?: string | null
  params?: Record<string, unknown>
  tools?: unknown[]
}

export interface Agent {
  id: string
  name: string
  model: string
  system_prompt: string | null
  params: Record<string, unknown>
  tools: unknown[]
  created_at: number
}

/** A usage log row (`GET /admin/usage`); only the common fields are relied on. */
export interface UsageRow {
  id: string
  created_at: number
  endpoint?: string
  model?: string | null
  requested_model?: string | null
  /** The agent's name when `requested_model` named an agent (by UUID or name), read at list time. */
  agent?: string | null
  team_id?: string | null
  status?: number
  latency_ms?: number
  prompt_tokens?: number
  completion_tokens?: number
  credits?: number
  error?: string | null
  [field: string]: unknown
}

export interface ConversationSummary {
  id: string
  title: string
  model: string | null
  message_count: number
  created_at: number
  updated_at: number
}

export interface Conversation<Data = Record<string, unknown>> extends ConversationSummary {
  data: Data
}

/** `/v1/files` objects (spec 2.6). */
export interface FileObject {
  id: string
  object: 'file'
  bytes: number
  created_at: number
  expires_at?: number | null
  filename: string
  purpose: string
  status?: string
}

/** One model a provider lists at `GET {base_url}/models`. */
export interface UpstreamModel {
  id: string
  display_name?: string
  owned_by?: string
}

/** `POST /admin/providers/probe` and `POST /admin/providers/{id}/probe`: one live call to the provider's model list. */
export interface ProviderProbe {
  ok: boolean
  /** The provider's HTTP status; null when it could not be reached. */
  status: number | null
  latency_ms: number
  /** Worded for a person, the API key never in it. */
  error: string | null
  models: UpstreamModel[]
}

/** `GET /admin/local-models`: a catalog model (or an imported one) and whether it is installed. */
export interface LocalModelInfo {
  name: string
  /** `whisper`, `vad`, and new kinds as the catalog grows. */
  kind: string
  description: string
  fileName: string
  sizeBytes: number | null
  installed: { name: string; kind: string; path: string; fileName: string; sizeBytes: number; sha256: string | null; source: string; multilingual: boolean | null } | null
  downloading: boolean
  /** Why the last download failed, if it did. */
  error: string | null
}

/** `progress` events of `GET /admin/local-models/events`. */
export interface LocalModelProgress {
  name: string
  receivedBytes: number
  totalBytes: number | null
  resumedFromBytes: number
}

/** `POST /admin/providers` (and, without `id`, `PATCH`). `api_key` is write-only. */
export interface ProviderInput {
  id: string
  type: 'openai' | 'anthropic' | 'local'
  base_url?: string | null
  api_key?: string | null
}

/** `POST /admin/models` (and, partly, `PATCH`). */
export interface ModelInput {
  name: string
  provider: string
  upstream?: string | null
  engine?: ModelEngine | null
  kind?: ModelKind | null
  file?: string | null
  aliases?: string[]
  pricing?: ModelPricing
}
