import { createParser, type EventSourceMessage } from 'eventsource-parser'
import { applyUsageDelta, emptyUsage, readUsage, type AnthropicUsage } from './anthropic-usage'
import { isJsonObject, type JsonObject } from './request-field-checks'

export interface AnthropicStreamError {
  type: string
  message: string
}

/** What an Anthropic message stream has said so far. */
export interface AnthropicStreamState {
  messageId: string | null
  /** The model the upstream reports in message_start. */
  model: string | null
  /** Running usage: from message_start, then overlaid by each (cumulative) message_delta. null before message_start. */
  usage: AnthropicUsage | null
  stopReason: string | null
  stopSequence: string | null
  /** The payload of an `error` event, which the upstream may send mid-stream. */
  error: AnthropicStreamError | null
  /** True once message_stop arrived: the stream ended normally. */
  messageStopped: boolean
}

export interface AnthropicSseUsageObserver {
  /** Reads one raw response chunk, split anywhere. The chunk is never modified or kept. */
  observe(chunk: Uint8Array): void
  /** A copy of the state so far; safe to call at any moment, e.g. when the client disconnects. */
  state(): AnthropicStreamState
}

// A single event larger than this is not one the gateway needs to read; parsing stops and the
// state keeps what was seen, rather than buffering without bound.
const MAX_BUFFERED_CHARS = 16 * 1024 * 1024

/** Events whose payload the observer needs; all others (content deltas, pings) are skipped unparsed. */
const READ_EVENTS = new Set(['message_start', 'message_delta', 'message_stop', 'error'])

export function createAnthropicSseUsageObserver(): AnthropicSseUsageObserver {
  const current: AnthropicStreamState = {
    messageId: null,
    model: null,
    usage: null,
    stopReason: null,
    stopSequence: null,
    error: null,
    messageStopped: false,
  }
  let gaveUp = false
  // stream: true keeps a multibyte character split across chunks until its last byte arrives.
  const decoder = new TextDecoder('utf-8')
  const parser = createParser({
    maxBufferSize: MAX_BUFFERED_CHARS,
    onEvent: (event) => readEvent(event, current),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') gaveUp = true
    },
  })

  return {
    observe(chunk) {
      if (gaveUp) return
      parser.feed(decoder.decode(chunk, { stream: true }))
    },
    state() {
      return {
        ...current,
        usage: current.usage && { ...current.usage, cacheCreation: current.usage.cacheCreation && { ...current.usage.cacheCreation } },
        error: current.error && { ...current.error },
      }
    },
  }
}

function readEvent(event: EventSourceMessage, state: AnthropicStreamState): void {
  if (event.event !== undefined && !READ_EVENTS.has(event.event)) return
  const data = parseData(event.data)
  if (!data) return
  const type = event.event ?? data.type
  if (type === 'message_start') readMessageStart(data, state)
  else if (type === 'message_delta') readMessageDelta(data, state)
  else if (type === 'message_stop') state.messageStopped = true
  else if (type === 'error') readError(data, state)
}

function readMessageStart(data: JsonObject, state: AnthropicStreamState): void {
  const message = isJsonObject(data.message) ? data.message : {}
  state.messageId = typeof message.id === 'string' ? message.id : null
  state.model = typeof message.model === 'string' ? message.model : null
  state.usage = readUsage(message.usage) ?? emptyUsage()
}

function readMessageDelta(data: JsonObject, state: AnthropicStreamState): void {
  if (isJsonObject(data.usage)) state.usage = applyUsageDelta(state.usage ?? emptyUsage(), data.usage)
  if (isJsonObject(data.delta)) {
    if (typeof data.delta.stop_reason === 'string') state.stopReason = data.delta.stop_reason
    if (typeof data.delta.stop_sequence === 'string') state.stopSequence = data.delta.stop_sequence
  }
}

function readError(data: JsonObject, state: AnthropicStreamState): void {
  const error = isJsonObject(data.error) ? data.error : {}
  state.error = {
    type: typeof error.type === 'string' ? error.type : 'api_error',
    message: typeof error.message === 'string' ? error.message : '',
  }
}

function parseData(data: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(data)
    return isJsonObject(value) ? value : null
  } catch {
    return null
  }
}
