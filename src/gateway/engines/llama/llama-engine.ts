import { type EngineDefinition, EngineHost, type EngineLogger } from '../host/engine-host'
import { type WorkerLaunchOptions, siblingModulePath } from '../host/engine-worker-launch'
import type { LlamaChatEvent, LlamaChatJob, LlamaChatResult, LlamaCountJob, LlamaEmbedJob, LlamaEmbedResult } from './llama-protocol'

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
  maxQueue?: number
  /** Where llama-worker-handlers is, when bundled away from this module. */
  handlersModule?: string
}

/** A cancelled request gets this long to stop inside its worker before the worker (and its loaded model) goes. */
const CANCEL_GRACE_MS = 750

export function llamaEngineDefinition(options: LlamaEngineOptions = {}): EngineDefinition {
  const perModel = Math.max(1, options.concurrency ?? 2)
  const models = Math.max(1, options.maxModels ?? 2)
  return {
    kind: LLAMA_ENGINE,
    handlersModule: options.handlersModule ?? siblingModulePath(import.meta.url, 'llama-worker-handlers'),
    concurrency: perModel * models,
    jobsPerWorker: perModel,
    maxWorkers: models,
    maxQueue: options.maxQueue,
    idleTimeoutMs: options.idleTimeoutMs,
    cancelGraceMs: CANCEL_GRACE_MS,
  }
}

/** The job fields the engine fills from its own settings. */
export type LlamaChatRequest = Omit<LlamaChatJob, 'contextSize' | 'threads'>
export type LlamaEmbedRequest = Omit<LlamaEmbedJob, 'contextSize' | 'threads'>

/** The gateway-side handle on llama.cpp workers: typed calls through the engine host. */
export class LlamaEngine {
  private readonly contextSize: number
  private readonly threads: number | null
  private readonly sequences: number

  constructor(
    private readonly host: EngineHost,
    options: LlamaEngineOptions = {},
  ) {
    this.contextSize = options.contextSize ?? 4096
    this.threads = options.threads ?? null
    this.sequences = Math.max(1, options.concurrency ?? 2)
  }

  /** Resolves with the whole result; `onEvent` sees text, tool calls and finishes as they are made (they cross from the worker in batches). */
  chat(request: LlamaChatRequest, options: { signal?: AbortSignal; onEvent?: (event: LlamaChatEvent) => void } = {}): Promise<LlamaChatResult> {
    const job: LlamaChatJob = { ...request, contextSize: this.contextSize, threads: this.threads }
    const { onEvent } = options
    return this.host.run(LLAMA_ENGINE, 'chat', { job, sequences: this.sequences }, {
      signal: options.signal,
      subject: `model file ${request.modelPath}`,
      affinity: request.modelPath,
      onEvent: onEvent && ((batch) => (batch as LlamaChatEvent[]).forEach(onEvent)),
    })
  }

  /** The tokens a conversation takes as the model's prompt, counted by the model's own tokenizer and template. */
  countTokens(job: LlamaCountJob, options: { signal?: AbortSignal } = {}): Promise<{ tokens: number }> {
    return this.host.run(LLAMA_ENGINE, 'countTokens', { job }, { signal: options.signal, subject: `model file ${job.modelPath}`, affinity: job.modelPath })
  }

  embed(request: LlamaEmbedRequest, options: { signal?: AbortSignal } = {}): Promise<LlamaEmbedResult> {
    const job: LlamaEmbedJob = { ...request, contextSize: this.contextSize, threads: this.threads }
    return this.host.run(LLAMA_ENGINE, 'embed', { job }, { signal: options.signal, subject: `model file ${request.modelPath}`, affinity: request.modelPath })
  }
}

/** An engine host with only the llama engine, and its handle (tests, benches, a gateway without audio). */
export function createLlamaEngine(options: LlamaEngineOptions & { launch?: WorkerLaunchOptions; logger?: EngineLogger } = {}): { host: EngineHost; engine: LlamaEngine } {
  const host = new EngineHost({ engines: [llamaEngineDefinition(options)], launch: options.launch, logger: options.logger })
  return { host, engine: new LlamaEngine(host, options) }
}
