import type { CallContext } from './provider-config'

/**
 * Embeddings: one vector per input. Remote (OpenAI-compatible) and local (llama.cpp on a GGUF
 * embedding model) providers implement it alike; the model and the abort signal come in the call context.
 */
export interface EmbeddingsRequest {
  /** Texts, or token-id arrays (ids of the model's own vocabulary); at least one. */
  input: Array<string | number[]>
  /** Fewer dimensions than the model's own, where the model allows it. */
  dimensions?: number
  /** The end user, passed on to upstreams that take it. */
  user?: string
}

export interface EmbeddingsResult {
  /** One per input, in order. */
  vectors: number[][]
  /** Tokens read over all inputs (what is billed). */
  promptTokens: number
}

export interface EmbeddingsProvider {
  embed(request: EmbeddingsRequest, ctx: CallContext): Promise<EmbeddingsResult>
}
