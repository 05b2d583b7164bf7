import type { SpeechProvider, TranscriptionProvider } from './contracts/audio'
import type { ChatProvider } from './contracts/chat'
import type { CompletionsPassthrough } from './contracts/completions'
import type { EmbeddingsProvider } from './contracts/embeddings'
import type { MessagesPassthrough, TokenCounter } from './contracts/messages'
import type { ProviderConfig, ProviderType } from './contracts/provider-config'
import type { ResponsesPassthrough } from './contracts/responses'

/** What a model can be asked to do, one provider interface each. */
export interface Modalities {
  chat: ChatProvider
  speech: SpeechProvider
  transcription: TranscriptionProvider
  messages: MessagesPassthrough
  embeddings: EmbeddingsProvider
  tokenCount: TokenCounter
  completions: CompletionsPassthrough
  responses: ResponsesPassthrough
}
export type Modality = keyof Modalities

/**
 * One provider type, declared in its own folder: the modalities it serves and how to build them for
 * one provider's settings. Upstream APIs and the local engines register alike.
 */
export interface ProviderModule {
  type: ProviderType
  modalities: readonly Modality[]
  /** Modalities a provider of this type serves only when its settings turn them on (e.g. `responses: native`). */
  optIn?: Partial<Record<Modality, (options: Record<string, unknown>) => boolean>>
  create(config: ProviderConfig): Partial<Modalities>
  /** Where the provider lists its models, and the headers that call takes (for "test connection" and importing models). */
  modelsEndpoint?(config: Pick<ProviderConfig, 'baseUrl' | 'apiKey'>): { url: string; headers: Record<string, string> }
  close?(): Promise<void>
}

/**
 * Resolves a modality of a provider: built once per settings version (a changed provider gets fresh
 * objects and connections), shared by every request after that.
 */
export function createProviderRegistry(modules: ProviderModule[]) {
  const byType = new Map(modules.map((m) => [m.type, m]))
  const built = new Map<string, { version: number; set: Partial<Modalities> }>()

  return {
    /** Whether a provider of `type` with these settings' options serves `modality`. */
    supports(type: ProviderType, modality: Modality, options: Record<string, unknown> = {}): boolean {
      const module = byType.get(type)
      if (!module?.modalities.includes(modality)) return false
      const optIn = module.optIn?.[modality]
      return optIn ? optIn(options) : true
    },

    /** The model-list call of a provider type, or null for types without one (local). */
    modelsEndpoint: (type: ProviderType, config: Pick<ProviderConfig, 'baseUrl' | 'apiKey'>) => byType.get(type)?.modelsEndpoint?.(config) ?? null,

    /** The provider of `modality` for these settings; the caller has checked `supports` first. */
    resolve<M extends Modality>(modality: M, config: ProviderConfig): Modalities[M] {
      let entry = built.get(config.id)
      if (!entry || entry.version !== config.version || entry.set === undefined) {
        const module = byType.get(config.type)
        if (!module) throw new Error(`No provider module registered for type "${config.type}".`)
        entry = { version: config.version, set: module.create(config) }
        built.set(config.id, entry)
      }
      const provider = entry.set[modality]
      if (!provider) throw new Error(`Provider type "${config.type}" has no ${modality} provider.`)
      return provider
    },

    async close(): Promise<void> {
      await Promise.all(modules.map((m) => m.close?.()))
      built.clear()
    },
  }
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>
