import type { ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import type { ModelPricing } from '../../../shared/pricing'
import { groupedNumber } from '../../kernel/grouped-number'
import { keptJson } from '../../kernel/json-once'

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

/**
 * Ceilings: the most a request can use, so that its hold is what it could cost at most (and a charge
 * an upstream claims past it is an anomaly, see usage-sanity.ts). A token is at least one byte of
 * what it encodes, so bytes bound text; images and gateway-run tools get allowances.
 */
export const COMPLETION_CEILING_TOKENS = 65_536
/**
 * No upstream model writes more in one answer (the largest today, GPT-5 and Claude with its 128k-output
 * beta, stop at 128,000), so a hold never assumes more, whatever `max_tokens` asks: a `max_tokens` of
 * 10^9 would otherwise hold more than a company's whole balance for nothing.
 */
export const MAX_OUTPUT_TOKENS = 131_072
const IMAGE_TOKEN_CEILING = 8_192
const PER_MESSAGE_TOKENS = 16
/** What providers add to a prompt unseen: tool-use system prompts, structured-output framing. */
export const HIDDEN_PROMPT_TOKENS = 1_024
/** Results of a tool run for the model (web search, RAG, a provider's server tools) join its prompt. */
export const TOOL_RESULTS_ALLOWANCE_TOKENS = 100_000

/** The most tokens a text can take: a token is at least one byte of what it encodes. */
export const textTokensCeiling = (text: string): number => Buffer.byteLength(text, 'utf8')

/** The most prompt tokens a chat request can use, per choice. */
export function chatPromptCeiling(req: ChatCompletionRequest, messagesJson: string): number {
  let images = 0
  for (const m of req.messages) if (Array.isArray(m.content)) for (const part of m.content) if (part.type === 'image_url') images++
  const tools = req.tools?.length ? textTokensCeiling(keptJson(req.tools)) + (req.tools.some((t) => t.type !== 'function') ? TOOL_RESULTS_ALLOWANCE_TOKENS : 0) : 0
  const format = req.response_format ? textTokensCeiling(JSON.stringify(req.response_format)) : 0
  return textTokensCeiling(messagesJson) + tools + format + images * IMAGE_TOKEN_CEILING + (req.messages.length + 1) * PER_MESSAGE_TOKENS + HIDDEN_PROMPT_TOKENS
}

/**
 * The most tokens a model can really write for `requested` (`max_tokens`; unset: the default ceiling):
 * a local model no more than its context (`contextTokens`), an upstream model no more than MAX_OUTPUT_TOKENS.
 */
export const outputTokensCeiling = (requested: number | undefined, contextTokens: number | null): number =>
  Math.min(requested ?? COMPLETION_CEILING_TOKENS, contextTokens ?? MAX_OUTPUT_TOKENS)

/** A chat or messages request's own bound on its hold, and how to lower it, for the 402 when it cannot be met. */
export const maxTokensBound = (maxTokens: number, n = 1): string => `max_tokens ${maxTokens}${n > 1 ? ` for each of ${n} choices` : ''}; lower max_tokens`

/** A prompt can be no longer than a local model's context either. */
export const promptTokensCeiling = (ceiling: number, contextTokens: number | null): number => Math.min(ceiling, contextTokens ?? ceiling)

/** Credits as a person reads them in an error message: `131.072`, `1,000`. */
export const formatCredits = (micro: number): string => groupedNumber(micro, 6)

/** The most seconds an audio file can last: 500 bytes a second is below any codec's lowest bitrate. */
export const audioSecondsCeiling = (bytes: number): number => Math.max(60, bytes / 500)

/** The most an Anthropic-native request can cost: every prompt token at the dearest of its input prices. */
export function messagesCeilingMicro(pricing: ModelPricing, promptTokens: number, maxTokens: number): number {
  const input = pricing.input ?? 0
  const dearest = Math.max(input, pricing.cached_input ?? input, pricing.cache_write ?? input)
  return Math.round(promptTokens * dearest + maxTokens * (pricing.output ?? 0))
}
