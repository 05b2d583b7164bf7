import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import type { CallContext } from './provider-config'

/** A stream that has passed its first byte: from here on nothing is retried. */
export interface ChatStream extends AsyncIterable<ChatCompletionChunk> {
  /** The usage the upstream reported, or null if it has not (yet). */
  reportedUsage(): Usage | null
  /**
   * The chunk the stream yielded last, as `JSON.stringify` would write it without its `usage` member,
   * made from the upstream's own text (no second serialization); undefined for any other chunk, or
   * when the stream cannot tell. A stream that changes chunks on their way (a step, a fan-out) has none.
   */
  chunkJson?(chunk: ChatCompletionChunk): string | undefined
}

/**
 * Chat completions in the pivot format (ARCHITECTURE.md, conventions 3 and 4). Upstream and local
 * providers implement it alike, so routing, fallbacks, credits and logging never care where a model
 * runs. Replies carry `ctx.model.name` as `model`.
 */
export interface ChatProvider {
  /** False when the provider has no `n`: the pipeline then fans out and merges. */
  readonly supportsN: boolean
  complete(req: ChatCompletionRequest, ctx: CallContext): Promise<ChatCompletion>
  /** Resolves once the upstream has answered (first byte), so a failure before that may fall back. */
  stream(req: ChatCompletionRequest, ctx: CallContext): Promise<ChatStream>
}
