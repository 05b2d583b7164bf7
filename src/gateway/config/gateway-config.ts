import type { GpuSetting } from '../../shared/local-model-settings'
import type { McpServerConfig, ModelConfig, ProviderConfig, TeamConfig, UserConfig, WebSearchConfig } from './config-schema'

export const DEFAULT_PORT = 4310
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024
export const DEFAULT_ROTATION_GRACE_SECONDS = 24 * 3600
export const DEFAULT_CREDITS = 1_000_000
export const DEFAULT_MAX_UPLOAD = 512 * 1024 * 1024
export const DEFAULT_FILE_RETENTION_SECONDS = 30 * 86400
/** How long a stored response (`store: true`) is kept, as OpenAI keeps them. */
export const DEFAULT_RESPONSE_RETENTION_SECONDS = 30 * 86400
export const DEFAULT_BATCH_CONCURRENCY = 4
export const DEFAULT_AUDIO_UPLOAD = 25 * 1024 * 1024
export const DEFAULT_VAD_MIN_SECONDS = 30
export const DEFAULT_LLAMA_CONCURRENCY = 2
export const DEFAULT_LLAMA_MAX_MODELS = 2
export const DEFAULT_LLAMA_IDLE_SECONDS = 300
export const DEFAULT_LLAMA_CONTEXT_SIZE = 4096
export const DEFAULT_HUB_ENDPOINT = 'https://huggingface.co'
/** Audio is decoded whole into memory (16 kHz PCM, about 115 MB an hour) before transcription. */
export const DEFAULT_AUDIO_MAX_DURATION_SECONDS = 3600

/** What one document may cost the gateway's document workers (PDF, HTML, OCR rendering). */
export interface DocumentLimitsConfig {
  /** Pages of a PDF at most, checked before any page is parsed. */
  maxPages: number
  /** Heap of one document worker: a document that expands past it is refused with 413. */
  maxMemoryBytes: number
  /** One parse at most, then its worker is stopped. */
  timeoutMs: number
  /** Pixels of one image, or one rendered PDF page, for OCR. */
  maxImagePixels: number
  /** Pixels recognized for one request at most. */
  maxRequestPixels: number
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimitsConfig = {
  maxPages: 2000,
  maxMemoryBytes: 512 * 1024 ** 2,
  timeoutMs: 120_000,
  maxImagePixels: 50_000_000,
  maxRequestPixels: 200_000_000,
}

export interface TelemetryConfig {
  otlpEndpoint: string | null
  otlpHeaders: Record<string, string>
  serviceName: string
  captureContent: boolean
  /** false: nothing counted, `GET /metrics` answers 404. */
  metrics: boolean
  metricsToken: string | null
}

/** The validated config with every default filled in: what the rest of the gateway reads. */
export interface GatewayConfig {
  /** Where it came from, for messages: a file path or "built-in defaults". */
  source: string
  /** The company budget in credits; undefined keeps whatever balance the store has. */
  credits: number | undefined
  server: {
    host: string
    port: number
    /** `server.ollama_port`: a second listener with the Ollama API only; null when off. */
    ollamaPort?: number | null
    allowedHosts: string[]
    corsOrigins: string[]
    bodyLimitBytes: number
  }
  auth: { rotationGraceSeconds: number }
  files: { maxUploadBytes: number; retentionSeconds: number }
  /** `blobs.dir`: files, batch outputs and recordings, shared by the instances of a store; undefined keeps them in the data dir. */
  blobs: { dir: string | undefined }
  responses: { retentionSeconds: number }
  /** `store.url` (or `--database-url`): a PostgreSQL URL; undefined keeps SQLite in the data dir. */
  store?: { url: string | undefined }
  batches: { concurrency: number }
  engines: {
    /** A folder or base URL that stands in for every model download source. */
    modelsMirror: string | undefined
    /** The Hugging Face API (search, file lists) and file base: `engines.hub_endpoint`. */
    hubEndpoint: string
    whisperConcurrency: number
    ttsConcurrency: number | undefined
    /** Audio at least this long goes through voice activity detection first. */
    vadMinSeconds: number
    /** llama.cpp: requests one model answers at once, models loaded at once, and how long an idle one stays loaded. */
    llama: {
      concurrency: number
      maxModels: number
      idleTimeoutMs: number
      contextSize: number
      threads: number | undefined
      /** `engines.gpu`, `engines.llama_gpu_layers`, `engines.llama_memory_budget`, `engines.llama_max_queue`. */
      gpu: GpuSetting
      gpuLayers: number | 'auto'
      memoryBudgetBytes: number | undefined
      maxQueue: number | undefined
    }
  }
  audio: {
    maxUploadBytes: number
    /** Longest audio decoded for transcription; longer audio is refused with 413. */
    maxDurationSeconds: number
    /** The model that hears `input_audio` for chat models without audio input; undefined: the first whisper model. */
    chatTranscriptionModel: string | undefined
    /** The model that speaks answers for chat models without audio output; undefined: the first tts model. */
    chatSpeechModel: string | undefined
    /** Folders whose new audio and video files are transcribed into recordings, once each. */
    watchFolders: WatchFolderConfig[]
  }
  documents: DocumentLimitsConfig
  /** Gateway-run tools: what the config file sets (the rest comes from Settings or the defaults, see services/tools). */
  tools: { webSearch: WebSearchConfig }
  /** `telemetry`: traces when `otlpEndpoint` is set; who besides the admin may read `GET /metrics`. Absent: both at their defaults. */
  telemetry?: TelemetryConfig
  providers: ProviderConfig[]
  /** MCP servers the gateway hosts for its teams' requests (teams[].mcp_servers enables them). */
  mcpServers: McpServerConfig[]
  models: ModelConfig[]
  teams: TeamConfig[]
  users: UserConfig[]
}

export interface WatchFolderConfig {
  path: string
  /** A transcription model the team may use. */
  model: string
  language?: string
  /** The team's name; undefined: the only team. */
  team?: string
}
