import { createParser } from 'eventsource-parser'

/** What a Responses API reply reports it used: `usage` of the response object, as OpenAI words it. */
export interface NativeResponsesUsage {
  inputTokens: number
  outputTokens: number
  cachedTokens: number
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

/** The usage of a response object (`{usage: {input_tokens, output_tokens, input_tokens_details: {cached_tokens}}}`), or null. */
export function usageOfResponse(response: unknown): NativeResponsesUsage | null {
  const usage = (response as { usage?: unknown } | null)?.usage as Record<string, unknown> | null | undefined
  if (!usage || typeof usage !== 'object') return null
  const details = usage.input_tokens_details as { cached_tokens?: unknown } | undefined
  return { inputTokens: count(usage.input_tokens), outputTokens: count(usage.output_tokens), cachedTokens: count(details?.cached_tokens) }
}

/** The usage of a whole JSON reply body; null when it is not a response object with usage. */
export function usageOfResponseBody(body: Buffer): NativeResponsesUsage | null {
  try {
    return usageOfResponse(JSON.parse(body.toString('utf8')))
  } catch {
    return null
  }
}

/** Events that end a response and carry it whole, usage included. */
const FINAL_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed'])
const MAX_BUFFERED_CHARS = 16 * 1024 * 1024

/**
 * Reads a Responses event stream as it passes, chunk by chunk, never changing or keeping it: only the
 * final event (`response.completed`, `.incomplete` or `.failed`) is parsed, for its usage and error.
 */
export function createResponsesSseUsageObserver() {
  let usage: NativeResponsesUsage | null = null
  let error: string | null = null
  let gaveUp = false
  const decoder = new TextDecoder('utf-8')
  const parser = createParser({
    maxBufferSize: MAX_BUFFERED_CHARS,
    onEvent(event) {
      if (event.event !== undefined && !FINAL_EVENTS.has(event.event) && event.event !== 'error') return
      let data: { type?: string; response?: { error?: { code?: string; message?: string } | null }; message?: string }
      try {
        data = JSON.parse(event.data)
      } catch {
        return
      }
      const type = event.event ?? data.type
      if (type === 'error') error = `error: ${data.message ?? 'the upstream reported an error'}`
      if (!type || !FINAL_EVENTS.has(type)) return
      usage = usageOfResponse(data.response) ?? usage
      const failed = data.response?.error
      if (type === 'response.failed') error = `response.failed: ${failed?.message ?? failed?.code ?? 'no reason given'}`
    },
    onError(err) {
      if (err.type === 'max-buffer-size-exceeded') gaveUp = true
    },
  })
  return {
    observe(chunk: Uint8Array): void {
      if (!gaveUp) parser.feed(decoder.decode(chunk, { stream: true }))
    },
    state: () => ({ usage, error }),
  }
}
