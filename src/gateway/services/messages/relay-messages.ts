import type { RawUpstreamResponse } from '../../providers/contracts/messages'
import type { Served } from '../pipeline/pipeline'
import { relayBytes, type ByteSink } from '../pipeline/relay-bytes'
import { createAnthropicSseUsageObserver } from './anthropic-sse-usage'
import type { MessagesService, PreparedMessages } from './messages-service'
import { usageFromMessageBody } from './usage-from-message'

/**
 * Relays an Anthropic reply byte for byte, JSON or SSE, reading its usage on the way past (from the
 * JSON body, or from `message_start`/`message_delta` events), then bills and logs it. A client that
 * leaves stops the relay; what the upstream reported so far is billed.
 */
export async function relayMessages(messages: MessagesService, prep: PreparedMessages, forwarded: Served<RawUpstreamResponse>, sink: ByteSink): Promise<void> {
  const { value: res, target } = forwarded
  const sse = String(res.headers['content-type'] ?? '').startsWith('text/event-stream')
  const observer = sse ? createAnthropicSseUsageObserver() : null
  const relayed = await relayBytes(res, prep.run.ctx.signal, sink, observer && ((chunk) => observer.observe(chunk)))
  let { error } = relayed
  const state = observer?.state()
  if (state?.error && !error) error = `${state.error.type}: ${state.error.message}`
  const usage = state ? state.usage : res.status < 400 && relayed.body ? usageFromMessageBody(relayed.body) : null
  messages.settle(prep, { target, status: relayed.status, usage, error: error ?? (res.status >= 400 ? `upstream status ${res.status}` : null) })
}
