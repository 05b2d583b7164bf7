import type { ChatCompletionChunk, Usage } from '../../../shared/chat/types'
import { GatewayError, isGatewayError } from '../../../shared/errors'
import type { ChatStream } from '../../providers/contracts/chat'
import { normalizeUsage } from '../../providers/openai/openai-wire'
import { estimateTokens } from '../credits/pricing'
import type { Served } from '../pipeline/pipeline'
import type { ChatService, PreparedChat } from './chat-service'
import { ChunkAccumulator } from './chunk-accumulator'

const CLIENT_LEFT = 'The client closed the connection before the stream ended.'

export interface PumpedStream {
  /** 200, 499 when the client left, or the failure's status. */
  status: number
  usage: Usage
  /** Credits charged (not micro). */
  cost: number
  acc: ChunkAccumulator
}

/**
 * Drives an opened chat stream for any front (chat SSE, Messages events, Ollama NDJSON): each chunk
 * with choices goes to `onChunk`, with its JSON when the provider could write it from the upstream's own
 * text; a failure mid-stream goes to `onError` (not when the client left); then the answer is settled on
 * what the upstream reported, or on an estimate when it reported nothing. A stream read in batches is
 * handed over a batch at a time, in one synchronous pass unless `onChunk` gives something to wait for.
 */
export async function pumpChatStream(opts: {
  chat: ChatService
  prep: PreparedChat
  opened: Served<ChatStream>
  onChunk(chunk: ChatCompletionChunk, json: string | undefined): Promise<void> | undefined
  onError(e: GatewayError): Promise<void>
}): Promise<PumpedStream> {
  const { chat, prep, opened } = opts
  const { signal } = prep.run.ctx
  const acc = new ChunkAccumulator()
  let status = 200
  let error: string | null = null
  /** A chunk to the front, and what to wait for before the next; none for the upstream's own usage chunk (the front sends its own). */
  const take = (chunk: ChatCompletionChunk, json: string | undefined): Promise<void> | undefined => {
    if (chunk.choices.length === 0) return undefined
    acc.add(chunk)
    return opts.onChunk(chunk, json)
  }
  try {
    const batches = opened.value.batches?.()
    if (batches) {
      for await (const { chunks, json } of batches) {
        for (let i = 0; i < chunks.length; i++) {
          const wait = take(chunks[i]!, json[i])
          if (wait) await wait
        }
      }
    } else {
      for await (const chunk of opened.value) await take(chunk, undefined)
    }
  } catch (err) {
    if (signal.aborted) {
      status = 499
      error = CLIENT_LEFT
    } else {
      status = isGatewayError(err) ? err.status : 502
      error = (err as Error).message
      await opts.onError(isGatewayError(err) ? err : new GatewayError({ status: 502, message: error, type: 'upstream_error', code: 'upstream_stream_error' }))
    }
  }
  if (signal.aborted && status === 200) {
    status = 499
    error = CLIENT_LEFT
  }
  const reported = opened.value.reportedUsage()
  const usage: Usage = reported ?? normalizeUsage({ prompt_tokens: estimateTokens(JSON.stringify(prep.req.messages)), completion_tokens: acc.deltaCount() })
  if (prep.run.content) prep.run.content.output = acc
  const cost = chat.settleAnswer(prep, opened.target, usage, { status, stream: true, usageEstimated: reported === null, error }) / 1e6
  return { status, usage, cost, acc }
}
