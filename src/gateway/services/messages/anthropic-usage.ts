import { isJsonObject, type JsonObject } from './request-field-checks'

export interface CacheCreationBreakdown {
  ephemeral5mInputTokens: number
  ephemeral1hInputTokens: number
}

/** Token usage of one Anthropic message, as billed. Missing or null counts read as 0. */
export interface AnthropicUsage {
  inputTokens: number
  outputTokens: number
  cacheCreationInputTokens: number
  cacheReadInputTokens: number
  /** The TTL split of cacheCreationInputTokens; null when the upstream sent none. */
  cacheCreation: CacheCreationBreakdown | null
  /** Server tool calls, billed per request on top of tokens. */
  webSearchRequests: number
  webFetchRequests: number
}

export const emptyUsage = (): AnthropicUsage => ({
  inputTokens: 0,
  outputTokens: 0,
  cacheCreationInputTokens: 0,
  cacheReadInputTokens: 0,
  cacheCreation: null,
  webSearchRequests: 0,
  webFetchRequests: 0,
})

/** Reads a wire `usage` object (snake_case); null when `value` is not an object. */
export function readUsage(value: unknown): AnthropicUsage | null {
  if (!isJsonObject(value)) return null
  return applyUsageDelta(emptyUsage(), value)
}

/**
 * Overlays the counts present in `delta` on `current`. message_delta usage is cumulative, so a
 * present count replaces the earlier one; an absent or null count keeps it.
 */
export function applyUsageDelta(current: AnthropicUsage, delta: JsonObject): AnthropicUsage {
  const next = { ...current }
  next.inputTokens = countOr(delta.input_tokens, current.inputTokens)
  next.outputTokens = countOr(delta.output_tokens, current.outputTokens)
  next.cacheCreationInputTokens = countOr(delta.cache_creation_input_tokens, current.cacheCreationInputTokens)
  next.cacheReadInputTokens = countOr(delta.cache_read_input_tokens, current.cacheReadInputTokens)
  if (isJsonObject(delta.cache_creation)) {
    next.cacheCreation = {
      ephemeral5mInputTokens: countOr(delta.cache_creation.ephemeral_5m_input_tokens, 0),
      ephemeral1hInputTokens: countOr(delta.cache_creation.ephemeral_1h_input_tokens, 0),
    }
  }
  if (isJsonObject(delta.server_tool_use)) {
    next.webSearchRequests = countOr(delta.server_tool_use.web_search_requests, current.webSearchRequests)
    next.webFetchRequests = countOr(delta.server_tool_use.web_fetch_requests, current.webFetchRequests)
  }
  return next
}

function countOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback
}
