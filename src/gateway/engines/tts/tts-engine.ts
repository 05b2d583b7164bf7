import { availableParallelism } from 'node:os'
import { type EngineDefinition, type EngineHost } from '../host/engine-host'
import { siblingModulePath } from '../host/engine-worker-launch'
import { type EspeakVoiceInfo, type TtsSynthesizeRequest, type TtsSynthesizeResponse } from './tts-protocol'

export const TTS_ENGINE = 'tts'

export function ttsEngineDefinition(options: Partial<Omit<EngineDefinition, 'kind'>> = {}): EngineDefinition {
  return {
    kind: TTS_ENGINE,
    handlersModule: options.handlersModule ?? siblingModulePath(import.meta.url, 'tts-worker-handlers'),
    // Synthesis is single-threaded WebAssembly: one worker per core.
    concurrency: options.concurrency ?? Math.max(1, availableParallelism()),
    maxQueue: options.maxQueue,
    idleTimeoutMs: options.idleTimeoutMs,
  }
}

/** The gateway-side handle on TTS workers. */
export class TtsEngine {
  constructor(private readonly host: EngineHost) {}

  synthesize(request: TtsSynthesizeRequest, signal?: AbortSignal): Promise<TtsSynthesizeResponse> {
    return this.host.run(TTS_ENGINE, 'synthesize', request, { signal, subject: `${request.engine} voice ${request.voice}` })
  }

  listEspeakVoices(signal?: AbortSignal): Promise<EspeakVoiceInfo[]> {
    return this.host.run(TTS_ENGINE, 'listEspeakVoices', {}, { signal })
  }
}
