import type { EngineHost } from '../../engines/host/engine-host'
import type { LlamaEngine, LlamaEngineOptions } from '../../engines/llama/llama-engine'
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
    transcriber: () => (transcriber ??= new LocalTranscriptionProvider({ host: started().host, models, vadMinSeconds: opts.vadMinSeconds, maxAudioSeconds: opts.maxAudioSeconds })),
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
    close: async () => {
      await engines?.host.close()
    },
  }
}

export type LocalEngines = ReturnType<typeof createLocalEngines>
