/**
 * Inside the llama worker: one llama.cpp instance, the model this worker serves (the pool gives a
 * worker one model file), a context with one sequence per concurrent request, and an embedding
 * context. A sequence keeps its KV cache between requests, so a conversation's next turn only
 * evaluates what is new.
 */
import { stat } from 'node:fs/promises'
import { type Llama, type LlamaContext, LlamaLogLevel, type LlamaContextSequence, type LlamaEmbeddingContext, type LlamaModel, type Token, getLlama } from 'node-llama-cpp'
import { EngineRequestError } from '../host/engine-protocol'
import { type LlamaLoader, loadLlamaBackend } from './llama-backend'
import type { GpuBackendReport, LlamaLoadSettings, LlamaMemory } from './llama-protocol'
import { defaultLlamaThreads } from './llama-threads'

export interface ContextSettings {
  contextSize: number
  sequences: number
  threads: number | null
}

const DEFAULT_LOAD: LlamaLoadSettings = { gpu: 'auto', gpuLayers: 'auto' }

// build never: never fall back to compiling llama.cpp. maxThreads 0: each context uses exactly the threads it asks for.
const nodeLlamaLoader: LlamaLoader = (gpu) => getLlama({ gpu, build: 'never', maxThreads: 0, logLevel: LlamaLogLevel.error, progressLogs: false })

let backend: Promise<{ llama: Llama; report: GpuBackendReport }> | undefined

/** The worker's llama.cpp build, chosen once by the first request's `engines.gpu` (the setting changes only with a restart). */
export function llamaBackend(gpu: LlamaLoadSettings['gpu'] = DEFAULT_LOAD.gpu): Promise<{ llama: Llama; report: GpuBackendReport }> {
  backend ??= loadLlamaBackend(gpu, nodeLlamaLoader)
  return backend
}

export class ModelRuntime {
  private context?: { settings: string; context: LlamaContext; free: LlamaContextSequence[]; created: number; sequences: number }
  private embedding?: { settings: string; context: LlamaEmbeddingContext }
  private vocab?: number

  constructor(
    readonly llama: Llama,
    readonly model: LlamaModel,
  ) {}

  /** The model's weights and its chat context, by llama.cpp's own estimate (GgufInsights). */
  memory(): LlamaMemory {
    const insights = this.model.fileInsights
    const weights = insights.estimateModelResourceRequirements({ gpuLayers: this.model.gpuLayers })
    const ctx = this.context?.context
    const cache = ctx ? insights.estimateContextResourceRequirements({ contextSize: ctx.contextSize, sequences: ctx.totalSequences, modelGpuLayers: this.model.gpuLayers }) : { cpuRam: 0, gpuVram: 0 }
    return { ramBytes: weights.cpuRam + cache.cpuRam, vramBytes: weights.gpuVram + cache.gpuVram }
  }

  threads(requested: number | null): number {
    return requested ?? defaultLlamaThreads(this.llama.cpuMathCores)
  }

  /** The context size a request gets: the configured one, at most what the model was trained for. */
  contextSize(requested: number): number {
    return Math.max(64, Math.min(requested, this.model.trainContextSize || requested))
  }

  vocabularySize(): number {
    if (this.vocab === undefined) {
      let n = 0
      for (const _ of this.model.iterateAllTokens()) n++
      this.vocab = n
    }
    return this.vocab
  }

  /**
   * A sequence for this prompt: the free one whose cached tokens share the longest prefix with it.
   * The pool runs at most `sequences` requests on this worker, so one is always free.
   */
  async acquireSequence(settings: ContextSettings, prompt: Token[]): Promise<{ sequence: LlamaContextSequence; release: () => void }> {
    const ctx = await this.chatContext(settings)
    let best: LlamaContextSequence | undefined
    let bestShared = -1
    for (const seq of ctx.free) {
      const shared = seq.compareContextTokens(prompt).firstDifferentIndex
      if (shared > bestShared) [best, bestShared] = [seq, shared]
    }
    if (!best || (bestShared <= 0 && ctx.created < ctx.sequences)) {
      if (ctx.created >= ctx.sequences) throw new Error(`all ${ctx.sequences} sequences of the context are in use`)
      best = ctx.context.getSequence()
      ctx.created++
    } else {
      ctx.free.splice(ctx.free.indexOf(best), 1)
    }
    const sequence = best
    return { sequence, release: () => void ctx.free.push(sequence) }
  }

  async embeddingContext(contextSize: number, threads: number | null): Promise<LlamaEmbeddingContext> {
    const size = this.contextSize(contextSize)
    const key = `${size}/${this.threads(threads)}`
    if (this.embedding?.settings !== key) {
      await this.embedding?.context.dispose()
      this.embedding = { settings: key, context: await this.model.createEmbeddingContext({ contextSize: size, batchSize: size, threads: this.threads(threads) }) }
    }
    return this.embedding.context
  }

  private async chatContext(settings: ContextSettings) {
    const size = this.contextSize(settings.contextSize)
    const key = `${size}/${settings.sequences}/${this.threads(settings.threads)}`
    // Settings change only with the config; a context in use is never swapped (its requests finish first).
    if (this.context && (this.context.settings === key || this.context.free.length < this.context.created)) return this.context
    await this.context?.context.dispose()
    const context = await this.model.createContext({ contextSize: size, sequences: settings.sequences, threads: this.threads(settings.threads), flashAttention: false })
    this.context = { settings: key, context, free: [], created: 0, sequences: settings.sequences }
    return this.context
  }
}

const runtimes = new Map<string, Promise<ModelRuntime>>()

/** The model at `path`, loaded once per worker (with the first request's load settings) and kept warm until the worker idles out. */
export function modelRuntime(path: string, settings: LlamaLoadSettings = DEFAULT_LOAD): Promise<ModelRuntime> {
  let runtime = runtimes.get(path)
  if (!runtime) {
    runtime = load(path, settings)
    runtimes.set(path, runtime)
    // A failed load is not remembered: the file may be fixed or replaced.
    runtime.catch(() => runtimes.delete(path))
  }
  return runtime
}

async function load(path: string, settings: LlamaLoadSettings): Promise<ModelRuntime> {
  const info = await stat(path).catch(() => null)
  if (!info?.isFile()) throw new EngineRequestError(`the model file ${path} does not exist`, { status: 500, code: 'model_file_missing' })
  const { llama: instance } = await llamaBackend(settings.gpu)
  try {
    return new ModelRuntime(instance, await instance.loadModel({ modelPath: path, gpuLayers: settings.gpuLayers }))
  } catch (e) {
    throw new EngineRequestError(`the file is not a GGUF model llama.cpp can load (${(e as Error).message})`, { status: 500, code: 'model_load_failed' })
  }
}
