import type { DeploymentSetting, RoutingStrategy } from './deployments'
import type { LocalModelSettingsWire } from './local-model-settings'
import type { NativeAudioSetting } from './model-audio'
import type { ModelEngine, ModelKind } from './model-kind'
import type { ModelPricing } from './pricing'
import type { ToolRunInfo } from './tools-wire'

export type { ModelPricing }

/** Shapes of the admin API (README "Endpoints"): the gateway writes them, the renderer reads them. Times are Unix seconds. */
export type RowSource = 'config' | 'admin'

export interface GatewayStatus {
  version: string
  config_source: string
  credits: { balance: number }
  counts: { providers: number; models: number; teams: number; keys: number }
}

/** `GET /health` (no key): `degraded` while part of the gateway cannot work, each cause in `problems`. */
export interface GatewayHealth {
  status: 'ok' | 'degraded'
  problems: string[]
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
  /** The deployments serving this name, how requests are spread, and the cool-down in seconds; null when unset (always sent). */
  deployments?: DeploymentSetting[] | null
  routing?: RoutingStrategy | null
  cooldown?: number | null
  source: RowSource
  created_at: number
  /** A local llama model's own settings; null: the engine's (engines.llama_*). */
  parallel?: number | null
  context_size?: number | null
  /** Seconds; negative: stays loaded. */
  keep_alive?: number | null
  gpu_layers?: number | 'auto' | null
}

export type ProviderType = 'openai' | 'anthropic' | 'local'

export interface ProviderInfo {
  id: string
  type: ProviderType
  base_url: string | null
  /** Whether a key is set; the key itself is write-only and never returned. */
  has_api_key: boolean
  /** The environment variable the key is read from (`api_key: env:NAME` in the config). */
  api_key_env: string | null
  /** How /v1/responses reaches it: `native` passes the request through to the provider's own Responses API. */
  responses?: 'pivot' | 'native'
  source: RowSource
  created_at: number
}

export interface TeamInfo extends Partial<TeamGovernanceInfo> {
  id: string
  name: string
  models: string[] | null
  fallbacks: Record<string, string[]>
  use_fallbacks: boolean
  /** The team's response cache, on for all its requests; null: only requests that ask (always sent). */
  cache?: { ttl: number } | null
  source: RowSource
  created_at: number
}

export interface UserInfo extends Partial<LimitsInfo> {
  id: string
  name: string
  team_id: string
  source: RowSource
  created_at: number
}

export type KeyStatus = 'active' | 'deprecated' | 'revoked' | 'expired'
export type KeySource = RowSource | 'first-run'

export interface KeyInfo extends Partial<LimitsInfo> {
  id: string
  kind: 'team' | 'user'
  team_id: string
  user_id: string | null
  /** The key's first and last characters, to tell keys apart. */
  hint: string
  name: string | null
  status: KeyStatus
  source: KeySource
  created_at: number
  expires_at: number | null
  deprecated_at: number | null
  /** The id of the key that replaced this one when it was rotated. */
  replaced_by: string | null
  revoked_at: number | null
  last_used_at: number | null
}

/** The create and rotate replies: the only time the key itself is sent. */
export interface IssuedKey extends KeyInfo {
  key: string
  /** Rotate only: the old key, now deprecated. */
  replaced?: KeyInfo
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
  object: 'agent'
  name: string
  model: string
  system_prompt: string | null
  params: Record<string, unknown>
  tools: unknown[]
  created_at: number
}

export interface UsageAttemptInfo {
  model: string
  model_id: string
  status: number
  latency_ms: number
  error: string | null
}

/** A usage log row (`GET /admin/usage`): one request, every attempt, its tokens and cost. */
export interface UsageRow {
  id: string
  created_at: number
  endpoint: string
  source: string
  key_id: string | null
  team_id: string | null
  user_id: string | null
  requested_model: string | null
  /** The agent's name when `requested_model` named an agent (by UUID or name), read at list time. */
  agent: string | null
  model: string | null
  model_id: string | null
  attempts: UsageAttemptInfo[]
  status: number
  stream: boolean
  latency_ms: number
  prompt_tokens: number
  completion_tokens: number
  cached_tokens: number
  cache_creation_tokens: number
  audio_seconds: number
  characters: number
  credits: number
  usage_estimated: boolean
  /** Answered from the response cache: no upstream call, no credits (always sent). */
  cache_hit?: boolean
  error: string | null
  metadata: Record<string, string> | null
  /** Gateway-run tools (web search, RAG, OCR) of the request: timing, sources, outcome. */
  tools: ToolRunInfo[]
  /** `started` while the request runs; `interrupted` when the gateway stopped before it ended. */
  state: 'started' | 'done' | 'interrupted'
}

/** A completion kept with `store: true` (`GET /admin/completions`). */
export interface StoredCompletionInfo {
  id: string
  request_id: string
  created_at: number
  team_id: string
  model: string
  metadata: Record<string, string>
  request: unknown
  response: unknown
}

/** The most credits one `POST /admin/credits` adds or takes back. */
export const MAX_TOP_UP_CREDITS = 1_000_000_000

export interface CreditsInfo {
  balance: number
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
  responses?: 'pivot' | 'native'
}

/** `POST /admin/models` (and, partly, `PATCH`). */
export interface ModelInput extends LocalModelSettingsWire {
  name: string
  provider: string
  upstream?: string | null
  engine?: ModelEngine | null
  kind?: ModelKind | null
  file?: string | null
  aliases?: string[]
  pricing?: ModelPricing
  /** Whether the model hears `input_audio` and answers with audio itself; unset: guessed (shared/model-audio.ts). */
  native_audio?: NativeAudioSetting | null
  /** Several deployments serving this model name (issue 27): provider, upstream id, weight (1 when unset). */
  deployments?: DeploymentSetting[] | null
  /** `weighted` (default) or `least_in_flight`. */
  routing?: RoutingStrategy | null
  /** Seconds a failing deployment rests without `retry-after`; 30 when unset. */
  cooldown?: number | null
}

/** A browser signed in to web mode (`GET /admin/web-sessions`). */
export interface WebSessionInfo {
  id: string
  user_agent: string | null
  created_at: number
  last_seen_at: number
  expires_at: number
  /** The session of the request that listed them. */
  current: boolean
}

/** What an OAuth token may be used for: one scope per endpoint group of `/v1`. */
export const OAUTH_SCOPES = ['chat', 'messages', 'files', 'audio'] as const
export type OAuthScope = (typeof OAUTH_SCOPES)[number]

/** An OAuth 2.0 client of the client-credentials grant (`GET /admin/oauth-clients`). */
export interface OAuthClientInfo {
  client_id: string
  kind: 'team' | 'user'
  team_id: string
  user_id: string | null
  name: string | null
  scopes: OAuthScope[]
  /** How long the tokens it gets last. */
  token_ttl_seconds: number
  /** The secret's prefix and last four characters. */
  secret_hint: string
  status: 'active' | 'revoked'
  created_at: number
  secret_rotated_at: number
  revoked_at: number | null
  last_used_at: number | null
}

/** The create and rotate replies: the only time the secret itself is sent. */
export interface IssuedOAuthClient extends OAuthClientInfo {
  client_secret: string
}

export interface NewOAuthClientInput {
  team_id?: string
  user_id?: string
  name?: string | null
  scopes?: OAuthScope[]
  token_ttl_seconds?: number
}

/** Issue 27: how often a budget renews (UTC): a day, a week from Monday, 30-day blocks, a calendar month. */
export type BudgetPeriod = '1d' | '7d' | '30d' | 'month'
export const BUDGET_PERIOD_NAMES: readonly BudgetPeriod[] = ['1d', '7d', '30d', 'month']

/** Rate limits and a renewing budget, on a key, a user or a team (null: none). */
export interface LimitsInfo {
  rpm_limit: number | null
  tpm_limit: number | null
  budget: { credits: number; period: BudgetPeriod } | null
}

/** A team's data policy and its per-model rate limits, beside its own limits. */
export interface TeamGovernanceInfo extends LimitsInfo {
  local_only: boolean
  keep_content: boolean
  model_limits: Record<string, { rpm_limit: number | null; tpm_limit: number | null }>
}

/** One budget and what its current period has spent (`GET /admin/budgets`, the Usage page). */
export interface BudgetInfo {
  scope: 'key' | 'user' | 'team'
  id: string
  name: string
  credits: number
  period: BudgetPeriod
  spent: number
  period_start: string
  renews_at: string
}

/** One admin change (`GET /admin/audit`). */
export interface AuditEntry {
  id: string
  /** Unix milliseconds. */
  at: number
  actor: string
  action: string
  target_kind: string
  target_id: string | null
  before: unknown
  after: unknown
}

/** A Hugging Face repository found by `GET /admin/local-models/search?q=`. */
export interface HubRepoInfo {
  id: string
  kind: 'chat' | 'embedding' | 'whisper' | 'vad'
  downloads: number
  likes: number
  tags: string[]
  last_modified: string | null
}

/** Whether a file fits this machine: on the GPU, in RAM, or not at all (from its GGUF header). */
export type FitVerdictWire = 'fits_gpu' | 'fits_ram' | 'too_large'

/** `GET /admin/local-models/hub/{owner}/{repo}/files`: the model files with their quantization and fit verdict. */
export interface HubFilesInfo {
  repo: string
  kind: HubRepoInfo['kind']
  machine: { backend: string; vram_free_bytes: number | null; ram_total_bytes: number }
  header: {
    architecture: string | null
    name: string | null
    layers: number
    parameters: number | null
    train_context_size: number | null
    context_size: number
    chat_template: string | null
    chat_wrapper: string | null
    template_sample: string | null
  } | null
  header_error: string | null
  data: Array<{ file: string; quant: string | null; size_bytes: number; sha256: string | null; parts: number; name: string; verdict: FitVerdictWire; need_bytes: number }>
}

/** A hub download in `GET /admin/local-models` (`downloads`): running, paused, or failed with its reason. */
export interface HubDownloadInfo {
  name: string
  repo: string
  file: string
  state: 'downloading' | 'paused' | 'failed'
  received_bytes: number
  total_bytes: number | null
  error: string | null
}

/** `GET /admin/engines`: llama.cpp's build and why, the machine's memory, the models loaded now. */
export interface EnginesInfo {
  llama: {
    requested: string
    backend: 'cpu' | 'metal' | 'cuda' | 'vulkan'
    devices: string[]
    vram: { total_bytes: number; free_bytes: number } | null
    ram: { total_bytes: number; free_bytes: number }
    reason: string | null
    settings: Record<string, unknown>
    loaded: Array<{ name: string | null; file: string; running: number; queued: number; parallel: number; ram_bytes: number; vram_bytes: number; expires_at: string | null }>
  } | null
  engines: Array<{ kind: string; running: number; queued: number; workers: number }>
}
