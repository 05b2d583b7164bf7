import { availableParallelism } from 'node:os'
import { type EngineDefinition, type EngineHost } from '../host/engine-host'
import { siblingModulePath } from '../host/engine-worker-launch'
import { type SpeechSpan, type WhisperDetectSpeechRequest, type WhisperSegmentsEvent, type WhisperTranscribeRequest, type WhisperTranscribeResponse } from './whisper-protocol'

export const WHISPER_ENGINE = 'whisper'

export function whisperEngineDefinition(options: Partial<Omit<EngineDefinition, 'kind'>> = {}): EngineDefinition {
  return {
    kind: WHISPER_ENGINE,
    handlersModule: options.handlersModule ?? siblingModulePath(import.meta.url, 'whisper-worker-handlers'),
    // Each worker holds its own copy of the model and uses every core: one at a time by default.
    concurrency: options.concurrency ?? 1,
    maxQueue: options.maxQueue,
    idleTimeoutMs: options.idleTimeoutMs,
  }
}

/** Threads whisper.cpp uses per request: the machine's cores, at most 8 (more stops helping). */
export const defaultWhisperThreads = () => Math.max(1, Math.min(8, availableParallelism()))

/** The gateway-side handle on whisper workers: typed calls through the engine host. */
export class WhisperEngine {
  constructor(private readonly host: EngineHost) {}

  /** With `onSegments`, whisper.cpp's new-segment callback streams each segment as it is decoded. */
  transcribe(request: WhisperTranscribeRequest, signal?: AbortSignal, onSegments?: (event: WhisperSegmentsEvent) => void): Promise<WhisperTranscribeResponse> {
    return this.host.run(WHISPER_ENGINE, 'transcribe', { ...request, streamSegments: onSegments !== undefined }, {
      signal,
      subject: `model file ${request.modelPath}`,
      onEvent: onSegments as ((value: unknown) => void) | undefined,
    })
  }

  detectSpeech(request: WhisperDetectSpeechRequest, signal?: AbortSignal): Promise<SpeechSpan[]> {
    return this.host.run(WHISPER_ENGINE, 'detectSpeech', request, { signal, subject: `VAD model file ${request.vadModelPath}` })
  }

  /** Loads a model in a worker without transcribing: checks that a file is a model whisper.cpp can use. */
  loadModel(modelPath: string, signal?: AbortSignal): Promise<{ modelPath: string }> {
    return this.host.run(WHISPER_ENGINE, 'loadModel', { modelPath }, { signal, subject: `model file ${modelPath}` })
  }
}
