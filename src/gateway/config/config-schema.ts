import { z } from 'zod'
import { MODEL_ENGINES, MODEL_KINDS } from '../../shared/model-kind'
import { GPU_SETTINGS, localModelSettingsFields } from '../../shared/local-model-settings'
import { nativeAudioSchema } from '../../shared/model-audio'
import { pricingSchema } from '../../shared/pricing'
import { BUDGET_PERIOD_NAMES } from '../../shared/admin-wire'
import { deploymentsSchema, routingSchema } from '../../shared/deployments'
import { parseDurationSeconds, parseSizeBytes } from './units'

/**
 * The config file. Field names are a contract outside tools rely on: add fields, rename none.
 * Cross-references (a model's provider, a team's models, ...) are checked in validate-config.ts.
 */
const name = z.string().trim().min(1, 'must not be empty')
const apiKey = z.string().min(20, 'a key must be at least 20 characters long')

/** A folder whose new audio and video files are transcribed into recordings (README "Watch folders"). */
export const watchFolderSchema = z.strictObject({
  path: z.string().refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p), 'must be an absolute folder path, such as "/home/ana/Recordings"'),
  model: name,
  language: z.string().regex(/^[a-z]{2}$/, 'must be an ISO-639-1 code such as "en", or left out to detect the language').optional(),
  /** The team whose recordings they become and whose credits pay; omitted: the only team. */
  team: name.optional(),
})

export const STORE_URL_MESSAGE = 'must be a postgres:// or postgresql:// URL, such as "postgres://gatehouse:secret@db.example:5432/gatehouse"; leave it out to keep SQLite in the data dir'
export const isStoreUrl = (url: string): boolean => /^postgres(ql)?:\/\/[^/]/i.test(url)

/**
 * The config file's schema, built for the one parse at start and then dropped: its some 450 kB of zod objects would
 * otherwise stay in memory for as long as the gateway runs.
 */
function configSchemas() {
  const duration = z
    .union([z.string(), z.number()])
    .refine((v) => parseDurationSeconds(v) !== undefined, 'must be a duration such as "24h", "90m", "30s" or a number of seconds')
    .transform((v) => parseDurationSeconds(v)!)

  const size = z
    .union([z.string(), z.number()])
    .refine((v) => parseSizeBytes(v) !== undefined, 'must be a size such as "32mb", "512kb" or a number of bytes')
    .transform((v) => parseSizeBytes(v)!)

  const timeouts = z.strictObject({
    connect: duration.optional(),
    first_byte: duration.optional(),
    total: duration.optional(),
  })

  const limits = z.strictObject({
    max_reply: size.optional(),
    max_event: size.optional(),
  })

  const provider = z.strictObject({
    id: name.regex(/^[A-Za-z0-9_.-]+$/, 'may hold only letters, digits, dot, dash and underscore'),
    type: z.enum(['openai', 'anthropic', 'local']),
    base_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as "http://127.0.0.1:4010/v1"' }).optional(),
    api_key: z.string().min(1, 'must not be empty').optional(),
    timeouts: timeouts.optional(),
    limits: limits.optional(),
    headers: z.record(z.string(), z.string()).optional(),
    /** How `/v1/responses` reaches an openai-type provider: through the Chat Completions pivot (default) or passed through to its own Responses API. */
    responses: z.enum(['pivot', 'native']).optional(),
  })

  const model = z.strictObject({
    id: z.uuid({ error: 'must be a UUID such as "3f0e6a4c-8a52-4d7e-9a0c-1b2c3d4e5f60"' }).optional(),
    name: name.regex(/^[A-Za-z0-9_.:/-]+$/, 'may hold only letters, digits and . _ : / -'),
    provider: name,
    upstream: name.optional(),
    engine: z.enum(MODEL_ENGINES).optional(),
    kind: z.enum(MODEL_KINDS).optional(),
    file: z.string().min(1).optional(),
    aliases: z.array(name).optional(),
    pricing: pricingSchema.optional(),
    native_audio: nativeAudioSchema.optional(),
    /** One name served by several deployments (provider + upstream + weight); `provider` still sets the model's provider type. */
    deployments: deploymentsSchema.optional(),
    routing: routingSchema.optional(),
    /** How long a deployment that answered 429, 5xx or could not be reached rests when it sent no `retry-after`. */
    cooldown: duration.refine((s) => s <= 86400, 'must be at most "24h"').optional(),
    /** A local llama model's own parallel, context_size, keep_alive and gpu_layers (engines.llama_* when unset). */
    ...localModelSettingsFields,
  })

  const MCP_LABEL = /^[A-Za-z0-9_-]{1,40}$/

  /** An MCP server the gateway hosts: a command it starts (stdio) or a streamable HTTP URL. */
  const mcpServer = z
    .strictObject({
      label: z.string().regex(MCP_LABEL, 'must be 1 to 40 letters, digits, "_" or "-", e.g. "github"'),
      command: z.string().min(1, 'must not be empty').optional(),
      args: z.array(z.string()).optional(),
      env: z.record(z.string(), z.string()).optional(),
      url: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of a streamable HTTP MCP server, such as "http://127.0.0.1:3001/mcp"' }).optional(),
      headers: z.record(z.string(), z.string()).optional(),
      timeout: duration.refine((s) => s > 0 && s <= 600, 'must be more than 0 and at most 10m').optional(),
      idle_timeout: duration.optional(),
    })
    .refine((s) => (s.command === undefined) !== (s.url === undefined), {
      error: 'needs either command (a stdio server) or url (a streamable HTTP server), not both',
    })

  /** A server a team may use: its label, or the label with the only tools the team may call. */
  const teamMcpServer = z.union([name, z.strictObject({ label: name, allowed_tools: z.array(name).optional() })])

  const perMinute = z.number().int().positive().optional()
  /** Issue 27: requests and tokens per minute, and a credit budget that renews each period (UTC). */
  const limitFields = {
    rpm_limit: perMinute,
    tpm_limit: perMinute,
    budget: z
      .strictObject({
        credits: z.number().positive().max(9_000_000_000),
        period: z.enum(BUDGET_PERIOD_NAMES as ['1d', '7d', '30d', 'month']),
      })
      .optional(),
  }

  /** A key as written: the key itself, or `{key, rpm_limit, tpm_limit, budget}` to give it limits of its own. */
  const configKey = z.union([apiKey, z.strictObject({ key: apiKey, ...limitFields })])

  const team = z.strictObject({
    name,
    models: z.array(name).optional(),
    mcp_servers: z.array(teamMcpServer).optional(),
    fallbacks: z.record(z.string(), z.array(name)).optional(),
    use_fallbacks: z.boolean().optional(),
    keys: z.array(configKey).optional(),
    ...limitFields,
    /** Data policy: only local models may serve the team (upstream ones answer 403). */
    local_only: z.boolean().optional(),
    /** Data policy: false keeps no prompt or answer text of the team anywhere. */
    keep_content: z.boolean().optional(),
    /** Rate limits per model within the team, by model name. */
    model_limits: z.record(z.string(), z.strictObject({ rpm_limit: perMinute, tpm_limit: perMinute })).optional(),
    /** Cache every answer of the team's requests for `ttl` (issue 27's response cache). */
    cache: z.strictObject({ ttl: duration.refine((s) => s >= 1 && s <= 30 * 86400, 'must be from 1s to "30d"') }).optional(),
  })

  const user = z.strictObject({
    name,
    team: name,
    keys: z.array(configKey).optional(),
    ...limitFields,
  })

  const server = z.strictObject({
    host: name.optional(),
    port: z.number().int().min(0).max(65535).optional(),
    /** A second listener serving only the Ollama API, for tools that assume Ollama's port (11434). Off when absent. */
    ollama_port: z.number().int().min(0).max(65535).optional(),
    allowed_hosts: z.array(name).optional(),
    cors_origins: z.array(z.url({ error: 'must be an origin such as "http://localhost:5173"' })).optional(),
    body_limit: size.optional(),
  })

  const auth = z.strictObject({
    rotation_grace: duration.optional(),
  })

  const files = z.strictObject({
    max_upload: size.optional(),
    retention: duration.refine((s) => s >= 60, 'must be at least one minute, e.g. "30d"').optional(),
  })

  /** Where files, batch outputs and recordings live: a directory every instance of a shared store mounts (issue 26). */
  const blobs = z.strictObject({
    dir: z.string().trim().min(1, 'must be a directory path such as "/srv/gatehouse/blobs"').optional(),
  })

  const responses = z.strictObject({
    retention: duration.refine((s) => s >= 60, 'must be at least one minute, e.g. "30d"').optional(),
  })

  const engines = z.strictObject({
    models_mirror: z.string().min(1).optional(),
    /** The Hugging Face API base the model search and file lists ask (a company mirror works); default Hugging Face's. */
    hub_endpoint: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of a Hugging Face hub, such as "https://huggingface.co"' }).optional(),
    /** llama.cpp's build: auto (the GPU when one loads, else the CPU), off, or a backend by name. */
    gpu: z.enum(GPU_SETTINGS).optional(),
    /** Layers a model offloads to the GPU unless it says otherwise: "auto" (as many as fit) or a number. */
    llama_gpu_layers: z.union([z.literal('auto'), z.number().int().min(0).max(1000)], { error: 'must be "auto" or a number of layers' }).optional(),
    /** RAM the loaded llama models may hold together; another model loads only within it. Default: three quarters of the machine's. */
    llama_memory_budget: size.optional(),
    /** Requests one llama model lets wait; past it a request gets 503 with retry-after. Default 32. */
    llama_max_queue: z.number().int().min(0).max(1024).optional(),
    whisper_concurrency: z.number().int().min(1).max(8).optional(),
    tts_concurrency: z.number().int().min(1).max(16).optional(),
    vad_min_seconds: z.number().min(0).optional(),
    llama_concurrency: z.number().int().min(1).max(16).optional(),
    llama_max_models: z.number().int().min(1).max(8).optional(),
    llama_idle_seconds: z.number().min(0).optional(),
    llama_context_size: z.number().int().min(256).max(131072).optional(),
    llama_threads: z.number().int().min(1).max(256).optional(),
  })

  const audio = z.strictObject({
    watch_folders: z.array(watchFolderSchema).max(50).optional(),
    max_upload: size.optional(),
    max_duration: duration.refine((s) => s >= 1, 'must be at least one second, e.g. "1h"').optional(),
    chat_transcription_model: name.optional(),
    chat_speech_model: name.optional(),
  })

  const pixels = z.number().int().min(1_000_000, 'must be at least 1000000 pixels (1000 x 1000)')

  const documents = z.strictObject({
    max_pages: z.number().int().min(1).optional(),
    max_memory: size.refine((b) => b >= 64 * 1024 ** 2, 'must be at least "64mb"').optional(),
    timeout: duration.refine((s) => s >= 1, 'must be at least one second, e.g. "2m"').optional(),
    max_image_pixels: pixels.optional(),
    max_request_pixels: pixels.optional(),
  })

  const batches = z.strictObject({
    concurrency: z.number().int().min(1).max(64).optional(),
  })

  const webSearch = z.strictObject({
    searxng_url: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of a SearXNG instance, such as "http://127.0.0.1:8888"' }).optional(),
    duckduckgo_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    brave_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    brave_api_key: z.string().min(1, 'must not be empty').optional(),
    timeout: duration.refine((s) => s > 0 && s <= 300, 'must be more than 0 and at most 5m').optional(),
    max_results: z.number().int().min(1).max(20).optional(),
    max_page_bytes: size.refine((b) => b >= 1024 && b <= 64 * 1024 * 1024, 'must be from 1kb to 64mb').optional(),
    max_redirects: z.number().int().min(0).max(20).optional(),
    allow_private_addresses: z.boolean().optional(),
  })

  /** Where the state lives: absent, SQLite in the data dir; a PostgreSQL URL for several instances sharing one database. */
  const store = z.strictObject({
    url: z.string().refine(isStoreUrl, STORE_URL_MESSAGE).optional(),
  })

  const tools = z.strictObject({
    web_search: webSearch.optional(),
  })

  /** Metrics (`GET /metrics`) and OpenTelemetry traces (issue 27). */
  const telemetry = z.strictObject({
    /** The OTLP/HTTP collector, e.g. "http://127.0.0.1:4318" (traces go to its /v1/traces); traces are off when absent. */
    otlp_endpoint: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OTLP/HTTP collector, such as "http://127.0.0.1:4318"' }).optional(),
    /** Headers sent to the collector (an API key some vendors ask for). */
    otlp_headers: z.record(z.string(), z.string()).optional(),
    service_name: name.optional(),
    /** Put prompts and answers in spans (`gen_ai.input.messages`, `gen_ai.output.messages`); off by default. */
    capture_content: z.boolean().optional(),
    /** false: no metrics are counted and `GET /metrics` answers 404 (on by default). */
    metrics: z.boolean().optional(),
    /** A Bearer token that may read `GET /metrics` besides the admin token (for a Prometheus scraper). */
    metrics_token: z.string().min(20, 'a token must be at least 20 characters long').optional(),
  })

  const config = z.strictObject({
    // Counted in micro-credits as exact integers: at most Number.MAX_SAFE_INTEGER of them.
    credits: z.number().nonnegative().max(9_000_000_000).optional(),
    server: server.optional(),
    auth: auth.optional(),
    files: files.optional(),
    blobs: blobs.optional(),
    responses: responses.optional(),
    store: store.optional(),
    batches: batches.optional(),
    engines: engines.optional(),
    audio: audio.optional(),
    documents: documents.optional(),
    tools: tools.optional(),
    telemetry: telemetry.optional(),
    providers: z.array(provider).optional(),
    models: z.array(model).optional(),
    mcp_servers: z.array(mcpServer).optional(),
    teams: z.array(team).optional(),
    users: z.array(user).optional(),
  })
  return { config, webSearch, provider, model, mcpServer, team, user, configKey }
}

/** A fresh schema of the whole config file on each call (load-config.ts parses it once at start). */
export const configSchema = () => configSchemas().config

type ConfigSchemas = ReturnType<typeof configSchemas>
export type RawConfig = z.output<ConfigSchemas['config']>
export type WebSearchConfig = z.output<ConfigSchemas['webSearch']>
export type ProviderConfig = z.output<ConfigSchemas['provider']>
export type ModelConfig = z.output<ConfigSchemas['model']>
export type McpServerConfig = z.output<ConfigSchemas['mcpServer']>
export type TeamConfig = z.output<ConfigSchemas['team']>
export type UserConfig = z.output<ConfigSchemas['user']>
export type ConfigKey = z.output<ConfigSchemas['configKey']>
/** The key of a `keys` entry, written plain or with its limits. */
export const keyOf = (k: ConfigKey): string => (typeof k === 'string' ? k : k.key)
