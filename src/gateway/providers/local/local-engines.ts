import type { EngineHost } from '../../engines/host/engine-host'
import { LLAMA_ENGINE, type LlamaEngine, type LlamaEngineOptions } from '../../engines/llama/llama-engine'
import type { GgufInspection, GpuBackendReport } from '../../engines/llama/llama-protocol'
import { createLocalEngineHost } from '../../engines/local-engine-host'
import { ModelManager } from '../../engines/model-manager/model-manager'
import type { IdGenerator } from '../../kernel/runtime'
import type { ChatProvider } from '../contracts/chat'
import type { EmbeddingsProvider } from '../contracts/embeddings'
import type { TokenCounter } from '../contracts/messages'
import { createLlamaChatProvider } from './llama-chat-provider'
import { createLlamaEmbeddingsProvider } from './llama-embeddings-provider'
import { createLlamaTokenCounter } from './llama-token-counter'
import { LocalSpeechProvider } from './local-speech-provider'
import { LocalTranscriptionProvider } from './local-transcription-provider'

/** A llama model loaded in a worker now: its file, the installed model of that file, how busy, what it holds, when it unloads. */
export interface LoadedLlamaModel {
  path: string
  /** The installed model of that file, or null for a file the config names. */
  name: string | null
  running: number
  queued: number
  parallel: number
  ramBytes: number
  vramBytes: number
  /** Epoch ms; null while it works or when it stays loaded. */
  expiresAt: number | null
}

export interface LocalEnginesOptions {
  modelsDir: string
  modelsMirror?: string
  whisperConcurrency: number
  ttsConcurrency?: number
  vadMinSeconds: number
  /** Longest audio decoded for transcription (audio.max_duration). */
  maxAudioSeconds?: number
  /** llama.cpp: requests per model at once, models loaded at once, idle time, context size, threads. */
  llama?: LlamaEngineOptions
  ids: IdGenerator
}

/**
 * The offline engines of this gateway, in one engine host. Worker processes start on the first request
 * that needs them, so a gateway that never transcribes or chats never forks one.
 */
export function createLocalEngines(opts: LocalEnginesOptions) {
  const models = new ModelManager({ modelsDir: opts.modelsDir, mirror: opts.modelsMirror })
  let engines: { host: EngineHost; llama: LlamaEngine } | undefined
  let transcriber: LocalTranscriptionProvider | undefined
  let speaker: LocalSpeechProvider | undefined
  const chats = new Map<string, ChatProvider>()
  let embedder: EmbeddingsProvider | undefined
  let tokenCounter: TokenCounter | undefined
  const started = () => (engines ??= createLocalEngineHost({ whisperConcurrency: opts.whisperConcurrency, ttsConcurrency: opts.ttsConcurrency, llama: opts.llama }))
  return {
    models,
    transcriber: () => (transcriber ??= new LocalTranscriptionProvider({ host: started().host, models, vadMinSeconds: opts.vadMinSeconds, maxAudioSeconds: opts.maxAudioSeconds, gpu: opts.llama?.gpu })),
    speaker: () => (speaker ??= new LocalSpeechProvider({ host: started().host })),
    /** One per local provider id: the id is part of each reply's `system_fingerprint`. */
    chat(providerId: string): ChatProvider {
      let chat = chats.get(providerId)
      if (!chat) chats.set(providerId, (chat = createLlamaChatProvider({ engine: started().llama, models, ids: opts.ids, providerId })))
      return chat
    },
    embedder: () => (embedder ??= createLlamaEmbeddingsProvider({ engine: started().llama, models })),
    tokenCounter: () => (tokenCounter ??= createLlamaTokenCounter({ engine: started().llama, models })),
    stats: () => engines?.host.stats() ?? [],
    /** The llama.cpp build (GPU or CPU, and why) with the machine's memory; asks a worker the first time. */
    backend: (): Promise<GpuBackendReport> => started().llama.backend(),
    /** A GGUF file's header (a path or a URL, read with Range requests) and what it would need in memory. */
    inspect: (source: string): Promise<GgufInspection> => started().llama.inspect(source),
    async loaded(): Promise<LoadedLlamaModel[]> {
      const slots = engines?.host.stats().find((s) => s.kind === LLAMA_ENGINE)?.slots.filter((s) => !s.affinity.startsWith('#')) ?? []
      if (!slots.length) return []
      const installed = [...(await models.installedOf('chat')), ...(await models.installedOf('embedding'))]
      return slots.map((s) => ({
        path: s.affinity,
        name: installed.find((m) => m.path === s.affinity)?.name ?? null,
        running: s.running,
        queued: s.queued,
        parallel: s.parallel,
        ramBytes: s.memory.ramBytes,
        vramBytes: s.memory.vramBytes,
        expiresAt: s.expiresAt,
      }))
    },
    close: async () => {
      await engines?.host.close()
    },
  }
}

export type LocalEngines = ReturnType<typeof createLocalEngines>
