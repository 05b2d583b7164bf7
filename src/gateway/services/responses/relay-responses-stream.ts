import type { Usage } from '../../../shared/chat/types'
import type { ChatStream } from '../../providers/contracts/chat'
import { normalizeUsage } from '../../providers/openai/openai-wire'
import type { ChatService } from '../chat/chat-service'
import { estimateTokens } from '../credits/pricing'
import type { Served } from '../pipeline/pipeline'
import type { PreparedResponse, ResponsesService } from './responses-service'
import { eventData, ResponsesStreamTranslator, type ResponsesEvent } from './stream-events'

/** Where a Responses stream's typed events go (SSE with `event:` lines), several in one write; `send` waits while the client's buffer is full. */
export interface ResponsesEventSink {
  send(events: ReadonlyArray<{ type: string; data: string }>): Promise<void>
}

const CLIENT_LEFT = 'The client closed the connection before the stream ended.'

/**
 * Relays a pivot stream as Responses events. An upstream failure mid-stream ends with
 * `response.failed`; a client that leaves aborts the upstream. Either way what was served is billed
 * (the upstream's usage, or an estimate) on the one usage row, and a finished response is kept.
 */
export async function relayResponsesStream(o: { chat: ChatService; responses: ResponsesService; prep: PreparedResponse; opened: Served<ChatStream>; sink: ResponsesEventSink }): Promise<void> {
  const { chat, responses, prep, opened, sink } = o
  const { signal } = prep.chat.run.ctx
  const t = new ResponsesStreamTranslator(responses.shell(prep, opened), prep.newItemId)
  const send = (events: ResponsesEvent[], responseJson?: string) => (events.length ? sink.send(events.map((e) => ({ type: e.type, data: eventData(e, responseJson) }))) : undefined)
  let status = 200
  let error: string | null = null
  const started = t.start()
  await send(started, JSON.stringify(started[0]!.response))
  try {
    for await (const chunk of opened.value) {
      if (chunk.choices.length) await send(t.chunk(chunk))
    }
  } catch (err) {
    status = signal.aborted ? 499 : ((err as { status?: number }).status ?? 502)
    error = signal.aborted ? CLIENT_LEFT : (err as Error).message
  }
  if (signal.aborted && status === 200) {
    status = 499
    error = CLIENT_LEFT
  }
  const reported = opened.value.reportedUsage()
  const usage: Usage = reported ?? normalizeUsage({ prompt_tokens: estimateTokens(JSON.stringify(prep.chat.req.messages)), completion_tokens: t.deltas })
  const cost = chat.settleAnswer(prep.chat, opened.target, usage, { status, stream: true, usageEstimated: reported === null, error }) / 1e6
  if (status === 499) return
  const { events, response } = error === null ? t.end(usage, cost) : t.fail(error, usage, cost)
  const json = JSON.stringify(response)
  await send(events, json)
  if (error === null) responses.keep(prep, response, json)
}
