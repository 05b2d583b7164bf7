import type { Usage } from '../../../shared/chat/types'
import type { AnthropicUsage } from './anthropic-types'

/**
 * Anthropic counts cache reads and cache writes apart from `input_tokens`; the pivot's
 * `prompt_tokens` is all input, with cache reads repeated in `cached_tokens`. Thinking tokens are
 * part of Anthropic's `output_tokens` and are not reported separately.
 */
export function toChatUsage(usage: AnthropicUsage): Usage {
  const cacheRead = usage.cache_read_input_tokens ?? 0
  const promptTokens = usage.input_tokens + cacheRead + (usage.cache_creation_input_tokens ?? 0)
  return {
    prompt_tokens: promptTokens,
    completion_tokens: usage.output_tokens,
    total_tokens: promptTokens + usage.output_tokens,
    completion_tokens_details: {
      accepted_prediction_tokens: 0,
      audio_tokens: 0,
      reasoning_tokens: 0,
      rejected_prediction_tokens: 0,
    },
    prompt_tokens_details: { audio_tokens: 0, cached_tokens: cacheRead },
  }
}

/** The inverse, for the Messages front: cache reads leave `input_tokens` for their own count; the pivot knows no cache writes. */
export function toAnthropicUsage(usage: Pick<Usage, 'prompt_tokens' | 'completion_tokens' | 'prompt_tokens_details'>): Required<AnthropicUsage> {
  const cacheRead = usage.prompt_tokens_details?.cached_tokens ?? 0
  return {
    input_tokens: usage.prompt_tokens - cacheRead,
    output_tokens: usage.completion_tokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: cacheRead,
  }
}
