import { readUsage, type AnthropicUsage } from './anthropic-usage'
import { isJsonObject } from './request-field-checks'

/** Usage of a parsed (non-streaming) Anthropic message response; null when it carries none. */
export function usageFromMessage(message: unknown): AnthropicUsage | null {
  return isJsonObject(message) ? readUsage(message.usage) : null
}

/**
 * Usage of a raw message response body as received from the upstream. The body itself is
 * forwarded as is; this only reads it. Returns null for a body that is not a JSON message.
 */
export function usageFromMessageBody(raw: Buffer | string): AnthropicUsage | null {
  try {
    return usageFromMessage(JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8')))
  } catch {
    return null
  }
}
