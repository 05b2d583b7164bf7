import { readFileSync } from 'node:fs'
import { extname } from 'node:path'
import type * as Yaml from 'yaml'
import { loadOnFirstUse } from '../kernel/load-on-first-use'
import { ConfigError } from './config-error'
import { configSchema } from './config-schema'
import {
  DEFAULT_AUDIO_MAX_DURATION_SECONDS,
  DEFAULT_AUDIO_UPLOAD,
  DEFAULT_DOCUMENT_LIMITS,
  DEFAULT_BATCH_CONCURRENCY,
  DEFAULT_BODY_LIMIT,
  DEFAULT_CREDITS,
  DEFAULT_FILE_RETENTION_SECONDS,
  DEFAULT_RESPONSE_RETENTION_SECONDS,
  DEFAULT_MAX_UPLOAD,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_ROTATION_GRACE_SECONDS,
  DEFAULT_VAD_MIN_SECONDS,
  DEFAULT_LLAMA_CONCURRENCY,
  DEFAULT_LLAMA_CONTEXT_SIZE,
  DEFAULT_HUB_ENDPOINT,
  DEFAULT_LLAMA_IDLE_SECONDS,
  DEFAULT_LLAMA_MAX_MODELS,
  type GatewayConfig,
} from './gateway-config'
import { crossCheckConfig } from './validate-config'
import { toConfigIssues } from './zod-issues'

// Loaded by the first YAML config file: a JSON config, or none, never needs it.
const yaml = loadOnFirstUse<typeof Yaml>('yaml')

type Env = Readonly<Record<string, string | undefined>>

/** Reads a YAML or JSON config file; throws ConfigError naming the bad field. */
export function loadConfigFile(file: string, env: Env): GatewayConfig {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw new ConfigError(file, [{ path: '', message: code === 'ENOENT' ? 'file not found' : `cannot read the file (${code})` }])
  }
  return parseConfigText(text, file, env)
}

export function parseConfigText(text: string, source: string, env: Env): GatewayConfig {
  let data: unknown
  const json = extname(source).toLowerCase() === '.json'
  try {
    data = json ? JSON.parse(text) : yaml().parse(text, { prettyErrors: true })
  } catch (e) {
    const yamlError = !json && e instanceof yaml().YAMLParseError ? e : undefined
    const where = yamlError?.linePos ? ` at line ${yamlError.linePos[0].line}, column ${yamlError.linePos[0].col}` : ''
    const message = yamlError ? yamlError.message.split('\n')[0]! : (e as Error).message
    throw new ConfigError(source, [{ path: '', message: `not valid ${json ? 'JSON' : 'YAML'}${where}: ${message}` }])
  }
  return resolveConfig(data ?? {}, source, env)
}

/** Validates parsed config data and fills in every default. */
export function resolveConfig(data: unknown, source: string, env: Env): GatewayConfig {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ConfigError(source, [{ path: '', message: 'the config must be a mapping of fields (credits, providers, models, teams, users, ...)' }])
  }
  const parsed = configSchema().safeParse(data, { reportInput: true })
  if (!parsed.success) throw new ConfigError(source, toConfigIssues(parsed.error, data))
  const raw = parsed.data
  const issues = crossCheckConfig(raw, env)
  if (issues.length) throw new ConfigError(source, issues)
  return {
    source,
    credits: raw.credits,
    server: {
      host: raw.server?.host ?? DEFAULT_HOST,
      port: raw.server?.port ?? DEFAULT_PORT,
      ollamaPort: raw.server?.ollama_port ?? null,
      allowedHosts: raw.server?.allowed_hosts ?? [],
      corsOrigins: raw.server?.cors_origins ?? [],
      bodyLimitBytes: raw.server?.body_limit ?? DEFAULT_BODY_LIMIT,
    },
    auth: { rotationGraceSeconds: raw.auth?.rotation_grace ?? DEFAULT_ROTATION_GRACE_SECONDS },
    files: {
      maxUploadBytes: raw.files?.max_upload ?? DEFAULT_MAX_UPLOAD,
      retentionSeconds: raw.files?.retention ?? DEFAULT_FILE_RETENTION_SECONDS,
    },
    blobs: { dir: raw.blobs?.dir },
    responses: { retentionSeconds: raw.responses?.retention ?? DEFAULT_RESPONSE_RETENTION_SECONDS },
    store: { url: raw.store?.url },
    batches: { concurrency: raw.batches?.concurrency ?? DEFAULT_BATCH_CONCURRENCY },
    engines: {
      modelsMirror: raw.engines?.models_mirror,
      hubEndpoint: raw.engines?.hub_endpoint ?? DEFAULT_HUB_ENDPOINT,
      whisperConcurrency: raw.engines?.whisper_concurrency ?? 1,
      ttsConcurrency: raw.engines?.tts_concurrency,
      vadMinSeconds: raw.engines?.vad_min_seconds ?? DEFAULT_VAD_MIN_SECONDS,
      llama: {
        concurrency: raw.engines?.llama_concurrency ?? DEFAULT_LLAMA_CONCURRENCY,
        maxModels: raw.engines?.llama_max_models ?? DEFAULT_LLAMA_MAX_MODELS,
        idleTimeoutMs: (raw.engines?.llama_idle_seconds ?? DEFAULT_LLAMA_IDLE_SECONDS) * 1000,
        contextSize: raw.engines?.llama_context_size ?? DEFAULT_LLAMA_CONTEXT_SIZE,
        threads: raw.engines?.llama_threads,
        gpu: raw.engines?.gpu ?? 'auto',
        gpuLayers: raw.engines?.llama_gpu_layers ?? 'auto',
        memoryBudgetBytes: raw.engines?.llama_memory_budget,
        maxQueue: raw.engines?.llama_max_queue,
      },
    },
    audio: {
      maxUploadBytes: raw.audio?.max_upload ?? DEFAULT_AUDIO_UPLOAD,
      maxDurationSeconds: raw.audio?.max_duration ?? DEFAULT_AUDIO_MAX_DURATION_SECONDS,
      chatTranscriptionModel: raw.audio?.chat_transcription_model,
      chatSpeechModel: raw.audio?.chat_speech_model,
      watchFolders: raw.audio?.watch_folders ?? [],
    },
    documents: {
      maxPages: raw.documents?.max_pages ?? DEFAULT_DOCUMENT_LIMITS.maxPages,
      maxMemoryBytes: raw.documents?.max_memory ?? DEFAULT_DOCUMENT_LIMITS.maxMemoryBytes,
      timeoutMs: raw.documents?.timeout !== undefined ? raw.documents.timeout * 1000 : DEFAULT_DOCUMENT_LIMITS.timeoutMs,
      maxImagePixels: raw.documents?.max_image_pixels ?? DEFAULT_DOCUMENT_LIMITS.maxImagePixels,
      maxRequestPixels: raw.documents?.max_request_pixels ?? DEFAULT_DOCUMENT_LIMITS.maxRequestPixels,
    },
    tools: { webSearch: raw.tools?.web_search ?? {} },
    telemetry: {
      otlpEndpoint: raw.telemetry?.otlp_endpoint ?? null,
      otlpHeaders: raw.telemetry?.otlp_headers ?? {},
      serviceName: raw.telemetry?.service_name ?? 'gatehouse',
      captureContent: raw.telemetry?.capture_content ?? false,
      metrics: raw.telemetry?.metrics ?? true,
      metricsToken: raw.telemetry?.metrics_token ?? null,
    },
    providers: raw.providers ?? [],
    mcpServers: raw.mcp_servers ?? [],
    models: raw.models ?? [],
    teams: raw.teams ?? [],
    users: raw.users ?? [],
  }
}

/** The `source` of the config the gateway runs with when no config file is given. */
export const BUILT_IN_DEFAULTS = 'built-in defaults'

/** What the gateway runs with when no config file is given: the offline engines and one team. */
export function defaultConfig(): GatewayConfig {
  return resolveConfig(
    {
      credits: DEFAULT_CREDITS,
      providers: [{ id: 'local', type: 'local' }],
      models: [{ name: 'voice', provider: 'local', engine: 'tts' }],
      teams: [{ name: 'default' }],
    },
    BUILT_IN_DEFAULTS,
    {},
  )
}
