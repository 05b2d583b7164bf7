import type { RawUpstreamResponse } from '../../providers/contracts/messages'
import type { Served } from '../pipeline/pipeline'
import { createAnthropicSseUsageObserver } from './anthropic-sse-usage'
import type { MessagesService, PreparedMessages } from './messages-service'
import { usageFromMessageBody } from './usage-from-message'

/** Where the reply's bytes go: `write` waits while the client's buffer is full. */
export interface ByteSink {
  write(chunk: Buffer): Promise<void>
  end(): void
}

const MAX_JSON_FOR_USAGE = 64 * 1024 * 1024

/**
 * Relays an Anthropic reply byte for byte, JSON or SSE, reading its usage on the way past (from the
 * JSON body, or from `message_start`/`message_delta` events), then bills and logs it. A client that
 * leaves stops the relay; what the upstream reported so far is billed.
 */
export async function relayMessages(messages: MessagesService, prep: PreparedMessages, forwarded: Served<RawUpstreamResponse>, sink: ByteSink): Promise<void> {
  const { value: res, target } = forwarded
  const { signal } = prep.run.ctx
  const sse = String(res.headers['content-type'] ?? '').startsWith('text/event-stream')
  const observer = sse ? createAnthropicSseUsageObserver() : null
  const kept: Buffer[] = []
  let keptBytes = 0
  let status = res.status
  let error: string | null = null
  try {
    for await (const chunk of res.body) {
      if (observer) observer.observe(chunk)
      else if (keptBytes < MAX_JSON_FOR_USAGE) {
        kept.push(chunk)
        keptBytes += chunk.length
      }
      await sink.write(chunk)
    }
  } catch (err) {
    status = signal.aborted ? 499 : 502
    error = signal.aborted ? 'The client closed the connection before the reply ended.' : (err as Error).message
  } finally {
    if (signal.aborted && status < 400) status = 499
    sink.end()
    res.body.destroy()
  }
  const state = observer?.state()
  if (state?.error && !error) error = `${state.error.type}: ${state.error.message}`
  const usage = state ? state.usage : res.status < 400 ? usageFromMessageBody(Buffer.concat(kept)) : null
  messages.settle(prep, { target, status, usage, error: error ?? (res.status >= 400 ? `upstream status ${res.status}` : null) })
}
