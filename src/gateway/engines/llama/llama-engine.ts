import { stat } from 'node:fs/promises'
import { freemem, totalmem } from 'node:os'
import { type EngineDefinition, EngineHost, type EngineLogger } from '../host/engine-host'
import type { EngineLane, EngineMemory } from '../host/engine-pool'
import { type WorkerLaunchOptions, siblingModulePath } from '../host/engine-worker-launch'
import type { GgufInspectJob, GgufInspection, GpuBackendReport, GpuSetting, LlamaChatEvent, LlamaChatJob, LlamaChatResult, LlamaCountJob, LlamaEmbedJob, LlamaEmbedResult, LlamaLoadSettings } from './llama-protocol'

export const LLAMA_ENGINE = 'llama'

export interface LlamaEngineOptions {
  /** Requests one model answers at once, batched on one context (one KV-cache sequence each). Default 2. */
  concurrency?: number
  /** Models loaded at once, one worker process each; an idle one gives way to another model. Default 2. */
  maxModels?: number
  /** A loaded model stays warm this long after its last request. Default 5 minutes. */
  idleTimeoutMs?: number
  /** Tokens a context holds (per sequence), at most what the model was trained for. Default 4096. */
  contextSize?: number
  /** llama.cpp threads. Default: physical cores less one (see llama-threads.ts). */
  threads?: number
  /** Requests one model lets wait; past it a request gets 503 with retry-after. Default 32. */
  maxQueue?: number
  /** `engines.gpu`: auto (default), off, or a backend by name. */
  gpu?: GpuSetting
  /** Layers offloaded to the GPU: 'auto' (default: as many as fit) or a number. */
  gpuLayers?: number | 'auto'
  /** RAM the loaded models may hold together. Default: three quarters of the machine's. */
  memoryBudgetBytes?: number
  /** Where llama-worker-handlers is, when bundled away from this module. */
  handlersModule?: string
}

/** A model's own settings (its `parallel`, `context_size`, `keep_alive`, `gpu_layers`); each unset one is the engine's. */
export interface LlamaModelSettings {
  parallel?: number
  contextSize?: number
  /** Negative: stays loaded; 0: unloads after each request. */
  keepAliveMs?: number
  gpuLayers?: number | 'auto'
}

export interface LlamaCallOptions {
  signal?: AbortSignal
  settings?: LlamaModelSettings
  /** This request's keep_alive (Ollama's), over the model's. */
  keepAliveMs?: number
}

/** Most requests one model may run at once (`parallel`). */
export const MAX_PARALLEL = 16

/** A cancelled request gets this long to stop inside its worker before the worker (and its loaded model) goes. */
const CANCEL_GRACE_MS = 750

const DEFAULT_MODEL_QUEUE = 32
/**
 * The backend report and GGUF header reads share one worker that loads no model; it stays a little
 * while for the next file of a list, then leaves.
 */
const PROBE_AFFINITY = '#probe'
const PROBE_LANE: EngineLane = { jobsPerWorker: 4, keepAliveMs: 30_000, maxQueue: 64 }

/**
 * What the loaded models may hold together: RAM from the settings (three quarters of the machine's by
 * default); VRAM unbounded until the backend reports its device, then nine tenths of it. One object shared
 * by the engine's definition (the pool reads it on every placement) and the engine (which learns the VRAM).
 */
const budgets = new WeakMap<LlamaEngineOptions, EngineMemory>()
function memoryBudget(options: LlamaEngineOptions): EngineMemory {
  let budget = budgets.get(options)
  if (!budget) budgets.set(options, (budget = { ramBytes: options.memoryBudgetBytes ?? Math.floor(totalmem() * 0.75), vramBytes: Number.POSITIVE_INFINITY }))
  return budget
}

export function llamaEngineDefinition(options: LlamaEngineOptions = {}): EngineDefinition {
  const perModel = Math.max(1, options.concurrency ?? 2)
  const models = Math.max(1, options.maxModels ?? 2)
  return {
    kind: LLAMA_ENGINE,
    handlersModule: options.handlersModule ?? siblingModulePath(import.meta.url, 'llama-worker-handlers'),
    // Each model runs its own `parallel` requests; the engine as a whole only caps what every model could run.
    concurrency: Math.max(perModel, MAX_PARALLEL) * models,
    jobsPerWorker: perModel,
    maxWorkers: models,
    maxQueue: (options.maxQueue ?? DEFAULT_MODEL_QUEUE) * models,
    idleTimeoutMs: options.idleTimeoutMs,
    cancelGraceMs: CANCEL_GRACE_MS,
    memoryBudget: memoryBudget(options),
  }
}

/** The job fields the engine fills from its own settings. */
export type LlamaChatRequest = Omit<LlamaChatJob, 'contextSize' | 'threads' | 'load'>
export type LlamaEmbedRequest = Omit<LlamaEmbedJob, 'contextSize' | 'threads' | 'load'>

/** The gateway-side handle on llama.cpp workers: typed calls through the engine host. */
export class LlamaEngine {
  private readonly contextSize: number
  private readonly threads: number | null
  private readonly sequences: number
  private readonly idleTimeoutMs: number | undefined
  private readonly maxQueue: number
  private readonly gpu: GpuSetting
  private readonly gpuLayers: number | 'auto'
  /** What each model held when it last answered (llama.cpp's estimate); before its first answer, its file size. */
  private readonly footprints = new Map<string, EngineMemory>()
  private backendReport?: Promise<GpuBackendReport>
  private readonly budget: EngineMemory

  constructor(
    private readonly host: EngineHost,
    options: LlamaEngineOptions = {},
  ) {
    this.budget = memoryBudget(options)
    this.contextSize = options.contextSize ?? 4096
    this.threads = options.threads ?? null
    this.sequences = Math.max(1, options.concurrency ?? 2)
    this.idleTimeoutMs = options.idleTimeoutMs
    this.maxQueue = options.maxQueue ?? DEFAULT_MODEL_QUEUE
    this.gpu = options.gpu ?? 'auto'
    this.gpuLayers = options.gpuLayers ?? 'auto'
  }

  /** Resolves with the whole result; `onEvent` sees text, tool calls and finishes as they are made (they cross from the worker in batches). */
  async chat(request: LlamaChatRequest, options: LlamaCallOptions & { onEvent?: (event: LlamaChatEvent) => void } = {}): Promise<LlamaChatResult> {
    const { settings = {}, onEvent } = options
    const job: LlamaChatJob = { ...request, contextSize: settings.contextSize ?? this.contextSize, threads: this.threads, load: this.loadSettings(settings) }
    const lane = await this.lane(request.modelPath, options)
    const result = await this.host.run<LlamaChatResult>(LLAMA_ENGINE, 'chat', { job, sequences: lane.jobsPerWorker }, {
      signal: options.signal,
      subject: `model file ${request.modelPath}`,
      affinity: request.modelPath,
      lane,
      onEvent: onEvent && ((batch) => (batch as LlamaChatEvent[]).forEach(onEvent)),
    })
    if (result.memory) this.footprints.set(request.modelPath, result.memory)
    // A model on the GPU: learn the device's VRAM for the budget (once; the report is remembered).
    if (result.memory?.vramBytes && this.budget.vramBytes === Number.POSITIVE_INFINITY) void this.backend().catch(() => undefined)
    return result
  }

  /** The tokens a conversation takes as the model's prompt, counted by the model's own tokenizer and template. */
  async countTokens(job: Omit<LlamaCountJob, 'load'>, options: LlamaCallOptions = {}): Promise<{ tokens: number }> {
    const lane = await this.lane(job.modelPath, options)
    return this.host.run(LLAMA_ENGINE, 'countTokens', { job: { ...job, load: this.loadSettings(options.settings ?? {}) } }, { signal: options.signal, subject: `model file ${job.modelPath}`, affinity: job.modelPath, lane })
  }

  async embed(request: LlamaEmbedRequest, options: LlamaCallOptions = {}): Promise<LlamaEmbedResult> {
    const settings = options.settings ?? {}
    const job: LlamaEmbedJob = { ...request, contextSize: settings.contextSize ?? this.contextSize, threads: this.threads, load: this.loadSettings(settings) }
    const lane = await this.lane(request.modelPath, options)
    return this.host.run(LLAMA_ENGINE, 'embed', { job }, { signal: options.signal, subject: `model file ${request.modelPath}`, affinity: request.modelPath, lane })
  }

  /** A GGUF file's header and memory estimate for this engine's context size (or `contextSize`), read in a short-lived worker. */
  inspect(source: string, options: { signal?: AbortSignal; contextSize?: number } = {}): Promise<GgufInspection> {
    const job: GgufInspectJob = { source, contextSize: options.contextSize ?? this.contextSize, gpu: this.gpu }
    return this.host.run(LLAMA_ENGINE, 'inspect', { job }, { signal: options.signal, subject: source, affinity: PROBE_AFFINITY, lane: PROBE_LANE })
  }

  /** The llama.cpp build the workers run on (asked of a worker once, then remembered), with the machine's memory now. */
  async backend(): Promise<GpuBackendReport> {
    this.backendReport ??= this.host.run<GpuBackendReport>(LLAMA_ENGINE, 'backend', { gpu: this.gpu }, { affinity: PROBE_AFFINITY, lane: PROBE_LANE })
    this.backendReport.catch(() => (this.backendReport = undefined))
    const report = await this.backendReport
    if (report.vram) this.budget.vramBytes = Math.floor(report.vram.totalBytes * 0.9)
    return { ...report, ram: { totalBytes: report.ram.totalBytes, freeBytes: freemem() } }
  }

  private loadSettings(settings: LlamaModelSettings): LlamaLoadSettings {
    return { gpu: this.gpu, gpuLayers: settings.gpuLayers ?? this.gpuLayers }
  }

  private async lane(modelPath: string, options: LlamaCallOptions): Promise<EngineLane> {
    const settings = options.settings ?? {}
    let memory = this.footprints.get(modelPath)
    if (!memory) {
      const size = (await stat(modelPath).catch(() => null))?.size ?? 0
      memory = { ramBytes: size, vramBytes: 0 }
    }
    return {
      jobsPerWorker: Math.min(MAX_PARALLEL, Math.max(1, settings.parallel ?? this.sequences)),
      keepAliveMs: options.keepAliveMs ?? settings.keepAliveMs ?? this.idleTimeoutMs,
      maxQueue: this.maxQueue,
      memory,
    }
  }
}

/** An engine host with only the llama engine, and its handle (tests, benches, a gateway without audio). */
export function createLlamaEngine(options: LlamaEngineOptions & { launch?: WorkerLaunchOptions; logger?: EngineLogger } = {}): { host: EngineHost; engine: LlamaEngine } {
  const host = new EngineHost({ engines: [llamaEngineDefinition(options)], launch: options.launch, logger: options.logger })
  return { host, engine: new LlamaEngine(host, options) }
}
