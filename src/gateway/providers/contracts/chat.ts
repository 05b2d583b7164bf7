import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import type { CallContext } from './provider-config'

/** The chunks one read of the upstream completed, in order. */
export interface ChunkBatch {
  chunks: ChatCompletionChunk[]
  /**
   * `json[i]` is `chunks[i]` as `JSON.stringify` would write it without its `usage` member, made from the
   * upstream's own text (no second serialization); undefined where the provider cannot tell.
   */
  json: Array<string | undefined>
}

/** A stream that has passed its first byte: from here on nothing is retried. */
export interface ChatStream extends AsyncIterable<ChatCompletionChunk> {
  /** The usage the upstream reported, or null if it has not (yet). */
  reportedUsage(): Usage | null
  /**
   * The same chunks a batch at a time, for a reader that handles a batch in one synchronous pass (an await per
   * batch, not per chunk). A stream is read once, one way or the other. A stream that changes chunks on their way
   * (a step, a fan-out) has none.
   */
  batches?(): AsyncIterable<ChunkBatch>
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
