import type { Usage } from '../../../shared/chat/types'
import type { ModelPricing } from '../../../shared/pricing'

/**
 * Prices are credits per 1M tokens, so a token count times the price is the cost in micro-credits.
 * Cached prompt tokens use `cached_input` when the model has one.
 */
export function chatCostMicro(pricing: ModelPricing, usage: Pick<Usage, 'prompt_tokens' | 'completion_tokens'> & { cached_tokens?: number }): number {
  const cached = Math.min(usage.cached_tokens ?? 0, usage.prompt_tokens)
  const input = pricing.input ?? 0
  return Math.round((usage.prompt_tokens - cached) * input + cached * (pricing.cached_input ?? input) + usage.completion_tokens * (pricing.output ?? 0))
}

/** Audio heard, at `per_second`. */
export const heardCostMicro = (pricing: ModelPricing, seconds: number): number => Math.round(seconds * (pricing.per_second ?? 0) * 1e6)

/** Text spoken, at `per_million_characters`. */
export const spokenCostMicro = (pricing: ModelPricing, characters: number): number => Math.round(characters * (pricing.per_million_characters ?? 0))

/** A rough prompt size for holds and for clients that leave before the upstream reports usage. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4)

/** Anthropic-native usage: cache reads at `cached_input`, cache writes at `cache_write` (both `input` when unset). */
export function messagesCostMicro(
  pricing: ModelPricing,
  u: { inputTokens: number; outputTokens: number; cacheReadInputTokens: number; cacheCreationInputTokens: number },
): number {
  const input = pricing.input ?? 0
  return Math.round(
    u.inputTokens * input + u.cacheReadInputTokens * (pricing.cached_input ?? input) + u.cacheCreationInputTokens * (pricing.cache_write ?? input) + u.outputTokens * (pricing.output ?? 0),
  )
}
