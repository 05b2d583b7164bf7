import type { ProviderModule } from '../registry'
import type { LocalEngines } from './local-engines'

/**
 * The offline engines of this gateway as a provider type: chat, token counts and embeddings (llama.cpp
 * on GGUF models), speech (Flite, eSpeak NG) and transcription (whisper.cpp). They register like any upstream,
 * so routing, fallbacks, credits and the usage log treat them alike.
 */
export function localProviderModule(engines: LocalEngines): ProviderModule {
  return {
    type: 'local',
    modalities: ['chat', 'tokenCount', 'embeddings', 'speech', 'transcription'],
    // Building these forks nothing: each engine's workers start on its first request.
    create: (config) => ({ chat: engines.chat(config.id), tokenCount: engines.tokenCounter(), embeddings: engines.embedder(), speech: engines.speaker(), transcription: engines.transcriber() }),
    close: () => engines.close(),
  }
}
