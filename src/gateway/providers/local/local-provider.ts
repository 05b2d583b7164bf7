import type { ProviderModule } from '../registry'
import type { LocalEngines } from './local-engines'

/**
 * The offline engines of this gateway as a provider type: speech (Flite, eSpeak NG) and
 * transcription (whisper.cpp). They register like any upstream, so routing, fallbacks, credits and
 * the usage log treat them alike.
 */
export function localProviderModule(engines: LocalEngines): ProviderModule {
  return {
    type: 'local',
    modalities: ['speech', 'transcription'],
    create: () => ({ speech: engines.speaker(), transcription: engines.transcriber() }),
    close: () => engines.close(),
  }
}
