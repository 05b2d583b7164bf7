/**
 * What a model does, in one place for the gateway and the renderer: which endpoint takes it, which
 * picker offers it. A model's `kind` set in the config or the admin API wins; a local model's engine
 * says it otherwise; an upstream model's kind is read from its upstream id, the way OpenAI names them
 * (`whisper-1`, `gpt-4o-transcribe`, `tts-1`, `gpt-4o-mini-tts`, `text-embedding-3-small`), and is chat
 * for every other id.
 */
export const MODEL_KINDS = ['chat', 'speech', 'transcription', 'embedding'] as const
export type ModelKind = (typeof MODEL_KINDS)[number]

export const MODEL_ENGINES = ['whisper', 'tts', 'llama'] as const
export type ModelEngine = (typeof MODEL_ENGINES)[number]

export interface ModelKindInput {
  /** Set explicitly (config `models[].kind`, admin API). */
  kind?: ModelKind | null
  engine?: string | null
  upstream?: string | null
  name: string
}

export function modelKind(m: ModelKindInput): ModelKind {
  if (m.kind) return m.kind
  if (m.engine === 'whisper') return 'transcription'
  if (m.engine === 'tts') return 'speech'
  if (m.engine === 'llama') return 'chat'
  const id = (m.upstream ?? m.name).toLowerCase()
  if (/whisper|transcribe/.test(id)) return 'transcription'
  if (/(^|[-_.])tts([-_.]|$)/.test(id)) return 'speech'
  if (/embed/.test(id)) return 'embedding'
  return 'chat'
}

/** The endpoint a kind of model answers on, for messages that point a caller the right way. */
export const KIND_ENDPOINT: Record<ModelKind, string> = {
  chat: '/v1/chat/completions',
  speech: '/v1/audio/speech',
  transcription: '/v1/audio/transcriptions',
  embedding: '/v1/embeddings',
}
