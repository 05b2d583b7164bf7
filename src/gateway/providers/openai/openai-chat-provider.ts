import type { EventSourceMessage } from 'eventsource-parser'
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import { GatewayError } from '../../../shared/errors'
import type { ChatProvider, ChatStream } from '../contracts/chat'
import type { CallContext } from '../contracts/provider-config'
import { postUpstream } from '../upstream/post-json'
import type { GuardedBody } from '../upstream/guarded-body'
import { sseEvents } from '../upstream/sse-events'
import { afterFirstItem, eventJson, requireEventStream } from '../upstream/sse-stream'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { upstreamConnectionError, upstreamProtocolError, upstreamStreamError } from '../upstream/upstream-error'
import { openAiAuth } from './openai-endpoint'
import { choicesText, chunkJsonWriter, fingerprint, normalizeChunk, normalizeCompletion, toOpenAiBody } from './openai-wire'

const DONE: IteratorReturnResult<undefined> = { value: undefined, done: true }

/** Any OpenAI-compatible API: the pivot format goes out nearly as it is. */
export function openAiChatProvider(providerId: string, connect: () => UpstreamConnection): ChatProvider {
  const shape = (req: ChatCompletionRequest, ctx: CallContext) => ({
    modelName: ctx.model.name,
    requestedTier: req.service_tier,
    fingerprint: fingerprint(providerId, ctx.model.upstream),
  })

  /**
   * The chunks of an upstream's event stream, read as the client reads them. A plain iterator, not an async
   * generator: a generator suspended at each yield while the relay writes kept every streamed request's objects
   * alive through young collections (~5 KB a request promoted to old space under the cpu bench, ~1 KB without).
   * After [DONE] it reads on to the body's end: dropping a body before its end aborts the request (an error,
   * with its stack, per stream). A reader that stops early drops the body.
   */
  function chunkIterator(body: GuardedBody, ctx: CallContext, toChunk: (event: EventSourceMessage, raw: Record<string, unknown>) => ChatCompletionChunk): AsyncGenerator<ChatCompletionChunk> {
    const events = sseEvents(body)
    let sawDone = false
    let closed = false
    const close = () => {
      if (closed) return
      closed = true
      body.destroy()
    }
    const failed = (err: unknown): never => {
      close()
      if (ctx.signal.aborted || err instanceof GatewayError) throw err
      throw upstreamConnectionError(providerId, err)
    }
    const next = async (): Promise<IteratorResult<ChatCompletionChunk>> => {
      try {
        while (!closed) {
          const read = await events.next()
          if (read.done) {
            if (!sawDone) throw upstreamProtocolError(providerId, 'its stream ended before "data: [DONE]".')
            break
          }
          const event = read.value
          if (sawDone || event.data === '[DONE]') {
            sawDone = true
            continue
          }
          const raw = eventJson(providerId, event)
          if (raw.error) throw upstreamStreamError(providerId, raw.error)
          return { value: toChunk(event, raw), done: false }
        }
      } catch (err) {
        failed(err)
      }
      close()
      return DONE
    }
    const iterator = {
      next,
      return: async () => (close(), DONE),
      throw: async (err: unknown) => failed(err),
      [Symbol.asyncIterator]: () => iterator,
    }
    return iterator as unknown as AsyncGenerator<ChatCompletionChunk>
  }

  return {
    supportsN: true,
    async complete(req, ctx): Promise<ChatCompletion> {
      const conn = connect()
      const res = await postUpstream(conn, '/chat/completions', toOpenAiBody(req, ctx.model.upstream, false), { ...openAiAuth(conn), 'x-request-id': ctx.requestId }, ctx.signal)
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
      const res = await postUpstream(conn, '/chat/completions', toOpenAiBody(req, ctx.model.upstream, true), { ...openAiAuth(conn), 'x-request-id': ctx.requestId, accept: 'text/event-stream' }, ctx.signal)
      await requireEventStream(providerId, res)
      let usage: Usage | null = null
      // The chunk yielded last and its choices as the upstream wrote them, for chunkJson.
      let last: ChatCompletionChunk | undefined
      let lastChoices: string | null = null
      let lastChoicesOf: unknown
      const writeChunk = chunkJsonWriter()
      const opts = shape(req, ctx)
      // The first chunk is in before the stream is handed on: a stream broken from its start may still fall back.
      const iterator = await afterFirstItem(chunkIterator(res.body, ctx, (event, raw) => {
        const chunk = normalizeChunk(raw, opts)
        if (chunk.usage) usage = chunk.usage
        last = chunk
        lastChoices = choicesText(event.data, raw)
        lastChoicesOf = chunk.choices
        return chunk
      }))
      return {
        [Symbol.asyncIterator]: () => iterator,
        reportedUsage: () => usage,
        // Only while the chunk still holds the choices that text was read from.
        chunkJson: (chunk) => (chunk === last && lastChoices !== null && chunk.choices === lastChoicesOf ? writeChunk(chunk, lastChoices) : undefined),
      }
    },
  }
}
