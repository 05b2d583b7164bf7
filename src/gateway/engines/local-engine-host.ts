import { type AudioEngineHostOptions, audioEngineDefinitions } from './audio-engine-host'
import { EngineHost } from './host/engine-host'
import { type LlamaEngineOptions, LlamaEngine, llamaEngineDefinition } from './llama/llama-engine'

/**
 * Every local engine in one host: whisper.cpp, Flite/eSpeak NG and llama.cpp. Each engine kind has its
 * own queue and workers, started on its first request, so a gateway that never chats never forks a
 * llama.cpp worker.
 */
export function createLocalEngineHost(options: AudioEngineHostOptions & { llama?: LlamaEngineOptions } = {}): { host: EngineHost; llama: LlamaEngine } {
  const llama = options.llama ?? {}
  const host = new EngineHost({ engines: [...audioEngineDefinitions(options), llamaEngineDefinition(llama)], launch: options.launch, logger: options.logger })
  // The same options on both sides: the pool's slots per model must match the sequences the engine asks for.
  return { host, llama: new LlamaEngine(host, llama) }
}
