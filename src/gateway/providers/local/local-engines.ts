import { createAudioEngineHost } from '../../engines/audio-engine-host'
import type { EngineHost } from '../../engines/host/engine-host'
import { ModelManager } from '../../engines/model-manager/model-manager'
import { LocalSpeechProvider } from './local-speech-provider'
import { LocalTranscriptionProvider } from './local-transcription-provider'

export interface LocalEnginesOptions {
  modelsDir: string
  modelsMirror?: string
  whisperConcurrency: number
  ttsConcurrency?: number
  vadMinSeconds: number
}

/**
 * The offline audio engines of this gateway. Worker processes start on the first request that needs
 * them, so a gateway that never transcribes never forks one.
 */
export function createLocalEngines(opts: LocalEnginesOptions) {
  const models = new ModelManager({ modelsDir: opts.modelsDir, mirror: opts.modelsMirror })
  let host: EngineHost | undefined
  let transcriber: LocalTranscriptionProvider | undefined
  let speaker: LocalSpeechProvider | undefined
  const engineHost = () => (host ??= createAudioEngineHost({ whisperConcurrency: opts.whisperConcurrency, ttsConcurrency: opts.ttsConcurrency }))
  return {
    models,
    transcriber: () => (transcriber ??= new LocalTranscriptionProvider({ host: engineHost(), models, vadMinSeconds: opts.vadMinSeconds })),
    speaker: () => (speaker ??= new LocalSpeechProvider({ host: engineHost() })),
    stats: () => host?.stats() ?? [],
    close: async () => {
      await host?.close()
    },
  }
}

export type LocalEngines = ReturnType<typeof createLocalEngines>
