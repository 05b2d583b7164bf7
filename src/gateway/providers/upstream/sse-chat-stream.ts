import type { EventSourceMessage } from 'eventsource-parser'
import type { ChatCompletionChunk, Usage } from '../../../shared/chat/types'
import { GatewayError } from '../../../shared/errors'
import type { RequestSignal } from '../../kernel/client-signal'
import type { ChatStream, ChunkBatch } from '../contracts/chat'
import type { UpstreamBody } from '../contracts/messages'
import { sseEventReader } from './sse-events'
import { afterFirstItem, oneByOne } from './sse-stream'
import { upstreamConnectionError, upstreamProtocolError } from './upstream-error'

const DONE: IteratorReturnResult<undefined> = { value: undefined, done: true }

/** How one provider reads its stream's events into chat chunks. */
export interface SseChunkReader {
  /** Adds the chunks of one event to `batch`; throws on an event it cannot read. */
  read(event: EventSourceMessage, batch: ChunkBatch): void
  /** True once the event that ends the stream has come (OpenAI's `[DONE]`, Anthropic's `message_stop`). */
  finished(): boolean
  /** What the stream lacked when its body ended before that event, for the protocol error. */
  unfinished: string
  /** The usage the upstream reported so far, or null. */
  reportedUsage(): Usage | null
}

/**
 * A chat stream read from an upstream's server-sent events, a batch of chunks per upstream read, resolved once
 * its first batch is in (a stream broken from its start may still fall back). A plain iterator, not an async
 * generator: a generator suspended at its yield while the relay writes kept every streamed request's objects
 * alive through young collections (~5 KB a request promoted to old space under the cpu bench, ~1 KB without).
 * A failure within a batch ends the batch where it happened: the chunks before it still go out, the failure after.
 */
export async function sseChatStream(providerId: string, body: UpstreamBody, signal: RequestSignal, reader: SseChunkReader): Promise<ChatStream> {
  const events = sseEventReader()
  let failure: Error | null = null
  const batchOf = (read: EventSourceMessage[]): ChunkBatch => {
    const batch: ChunkBatch = { chunks: [], json: [] }
    for (const event of read) {
      try {
        reader.read(event, batch)
      } catch (err) {
        failure = err as Error
        break
      }
    }
    return batch
  }
  const bytes = body[Symbol.asyncIterator]()
  let ended = false
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    body.destroy()
  }
  const failed = (err: unknown): never => {
    close()
    if (signal.aborted || err instanceof GatewayError) throw err
    throw upstreamConnectionError(providerId, err)
  }
  const next = async (): Promise<IteratorResult<ChunkBatch>> => {
    try {
      if (failure && !closed) throw failure
      while (!closed) {
        if (ended) {
          if (!reader.finished()) throw upstreamProtocolError(providerId, reader.unfinished)
          break
        }
        const read = await bytes.next()
        const batch = read.done ? ((ended = true), batchOf(events.end())) : batchOf(events.read(read.value))
        if (batch.chunks.length) return { value: batch, done: false }
        if (failure) throw failure
      }
    } catch (err) {
      failed(err)
    }
    close()
    return DONE
  }
  const batches: Required<AsyncIterableIterator<ChunkBatch>> = {
    next,
    return: async () => (close(), DONE),
    throw: async (err: unknown) => failed(err),
    [Symbol.asyncIterator]: () => batches,
  }
  const iterator = await afterFirstItem(batches)
  let oneAtATime: AsyncIterableIterator<ChatCompletionChunk> | undefined
  return {
    [Symbol.asyncIterator]: () => (oneAtATime ??= oneByOne(iterator, (b: ChunkBatch) => b.chunks)),
    reportedUsage: () => reader.reportedUsage(),
    batches: () => iterator,
  }
}
