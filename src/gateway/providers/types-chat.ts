import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, Usage } from '../../shared/chat/types'

export interface ChatCallContext {
  /** Aborted when the client goes away; the upstream request is aborted with it. */
  signal: AbortSignal
  requestId: string
  /** The name clients know the model by; replies carry it as `model`. */
  modelName: string
  upstreamModel: string
}

/** A stream that has passed its first byte: from here on nothing is retried. */
export interface ChatStream extends AsyncIterable<ChatCompletionChunk> {
  /** The usage the upstream reported, or null if it has not (yet). */
  reportedUsage(): Usage | null
}

/**
 * One interface per modality (ARCHITECTURE.md, convention 3). Upstream and local providers implement
 * it alike, so routing, fallbacks, credits and logging never care where a model runs.
 */
export interface ChatProvider {
  /** False when the provider has no `n`: the pipeline then fans out and merges. */
  readonly supportsN: boolean
  complete(req: ChatCompletionRequest, ctx: ChatCallContext): Promise<ChatCompletion>
  /** Resolves once the upstream has answered (first byte), so a failure before that may fall back. */
  stream(req: ChatCompletionRequest, ctx: ChatCallContext): Promise<ChatStream>
}
