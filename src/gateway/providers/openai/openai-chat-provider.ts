import type { EventSourceMessage } from 'eventsource-parser'
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import { GatewayError } from '../../../shared/errors'
import type { ChatProvider, ChatStream, ChunkBatch } from '../contracts/chat'
import type { CallContext } from '../contracts/provider-config'
import { postUpstream } from '../upstream/post-json'
import { sseEventReader } from '../upstream/sse-events'
import { afterFirstItem, oneByOne, requireEventStream } from '../upstream/sse-stream'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { upstreamConnectionError, upstreamProtocolError } from '../upstream/upstream-error'
import { openAiAuth } from './openai-endpoint'
import { openAiChunkReader } from './openai-chunk-reader'
import { fingerprint, normalizeCompletion, toOpenAiBody } from './openai-wire'

const DONE: IteratorReturnResult<undefined> = { value: undefined, done: true }

/** Any OpenAI-compatible API: the pivot format goes out nearly as it is. */
export function openAiChatProvider(providerId: string, connect: () => UpstreamConnection): ChatProvider {
  const shape = (req: ChatCompletionRequest, ctx: CallContext) => ({
    modelName: ctx.model.name,
    requestedTier: req.service_tier,
    fingerprint: fingerprint(providerId, ctx.model.upstream),
  })

  return {
    supportsN: true,
    async complete(req, ctx): Promise<ChatCompletion> {
      const conn = connect()
      const headers = Object.assign(openAiAuth(conn), { 'x-request-id': ctx.requestId })
      const res = await postUpstream(conn, '/chat/completions', toOpenAiBody(req, ctx.model.upstream, false), headers, ctx.signal)
      let raw: Record<string, unknown>
      try {
        raw = (await res.body.json()) as Record<string, unknown>
      } catch (err) {
        // A reply past its size cap keeps its own error.
        if (ctx.signal.aborted || err instanceof GatewayError) throw err
        throw upstreamProtocolError(providerId, 'its reply is not JSON.')
      }
      return normalizeCompletion(raw, shape(req, ctx))
    },

    async stream(req, ctx): Promise<ChatStream> {
      const conn = connect()
      const res = await postUpstream(conn, '/chat/completions', toOpenAiBody(req, ctx.model.upstream, true), Object.assign(openAiAuth(conn), { 'x-request-id': ctx.requestId, accept: 'text/event-stream' }), ctx.signal)
      await requireEventStream(providerId, res)
      let usage: Usage | null = null
      const readChunk = openAiChunkReader(providerId, shape(req, ctx))
      const reader = sseEventReader()
      let done = false
      let failure: Error | null = null
      /** The chunks of one upstream read; a failure ends the batch where it happened (the chunks before it still go out). */
      const batchOf = (events: EventSourceMessage[]): ChunkBatch => {
        const batch: ChunkBatch = { chunks: [], json: [] }
        for (const event of events) {
          // Read on to the body's end after [DONE]: dropping a body before its end aborts the request (an error, with its stack, per stream).
          if (done || event.data === '[DONE]') {
            done = true
            continue
          }
          try {
            const chunk = readChunk(event, batch)
            if (chunk.usage) usage = chunk.usage
          } catch (err) {
            failure = err as Error
            break
          }
        }
        return batch
      }
      const bytes = res.body[Symbol.asyncIterator]()
      let ended = false
      let closed = false
      const close = () => {
        if (closed) return
        closed = true
        res.body.destroy()
      }
      const failed = (err: unknown): never => {
        close()
        if (ctx.signal.aborted || err instanceof GatewayError) throw err
        throw upstreamConnectionError(providerId, err)
      }
      // A plain iterator, not an async generator: a generator suspended at its yield while the relay writes kept
      // every streamed request's objects alive through young collections (~5 KB a request promoted to old space
      // under the cpu bench, ~1 KB without). A failure comes after the batch that came before it.
      const next = async (): Promise<IteratorResult<ChunkBatch>> => {
        try {
          if (failure && !closed) throw failure
          while (!closed) {
            if (ended) {
              if (!done) throw upstreamProtocolError(providerId, 'its stream ended before "data: [DONE]".')
              break
            }
            const read = await bytes.next()
            const batch = read.done ? ((ended = true), batchOf(reader.end())) : batchOf(reader.read(read.value))
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
      // The first chunks are in before the stream is handed on: a stream broken from its start may still fall back.
      const iterator = await afterFirstItem(batches)
      let oneAtATime: AsyncIterableIterator<ChatCompletionChunk> | undefined
      return {
        [Symbol.asyncIterator]: () => (oneAtATime ??= oneByOne(iterator, (b: ChunkBatch) => b.chunks)),
        reportedUsage: () => usage,
        batches: () => iterator,
      }
    },
  }
}
