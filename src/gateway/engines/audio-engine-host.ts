import { type EngineDefinition, EngineHost, type EngineLogger } from './host/engine-host'
import { type WorkerLaunchOptions } from './host/engine-worker-launch'
import { ttsEngineDefinition } from './tts/tts-engine'
import { whisperEngineDefinition } from './whisper/whisper-engine'

export interface AudioEngineHostOptions {
  /** Transcriptions at once (each loads its own model copy). Default 1. */
  whisperConcurrency?: number
  /** Speech syntheses at once. Default: one per core. */
  ttsConcurrency?: number
  /** Idle workers exit after this long. Default 5 minutes. */
  idleTimeoutMs?: number
  /**
   * Where the worker-side handler modules are, when the gateway is bundled and they are not next
   * to their engine modules (give each its own bundle entry, with launch.entry for the worker main).
   */
  handlersModules?: { whisper?: string; tts?: string }
  launch?: WorkerLaunchOptions
  logger?: EngineLogger
}

/** The definitions of the local audio engines: whisper.cpp (STT + VAD) and Flite/eSpeak NG (TTS). */
export function audioEngineDefinitions(options: AudioEngineHostOptions = {}): EngineDefinition[] {
  return [
    whisperEngineDefinition({ concurrency: options.whisperConcurrency, idleTimeoutMs: options.idleTimeoutMs, handlersModule: options.handlersModules?.whisper }),
    ttsEngineDefinition({ concurrency: options.ttsConcurrency, idleTimeoutMs: options.idleTimeoutMs, handlersModule: options.handlersModules?.tts }),
  ]
}

/** The engine host for the local audio engines only. */
export function createAudioEngineHost(options: AudioEngineHostOptions = {}): EngineHost {
  return new EngineHost({ engines: audioEngineDefinitions(options), launch: options.launch, logger: options.logger })
}
