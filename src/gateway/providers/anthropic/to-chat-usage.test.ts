import { describe, expect, it } from 'vitest'
import { toAnthropicUsage, toChatUsage } from './to-chat-usage'

describe('toChatUsage', () => {
  it('adds cache reads and writes to the prompt and reports reads as cached', () => {
    const usage = toChatUsage({ input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100, cache_creation_input_tokens: 40 })
    expect(usage).toMatchObject({ prompt_tokens: 150, completion_tokens: 5, total_tokens: 155 })
    expect(usage.prompt_tokens_details).toEqual({ audio_tokens: 0, cached_tokens: 100 })
  })

  it('treats missing or null cache counts as zero', () => {
    expect(toChatUsage({ input_tokens: 3, output_tokens: 4, cache_read_input_tokens: null })).toMatchObject({
      prompt_tokens: 3,
      total_tokens: 7,
      prompt_tokens_details: { cached_tokens: 0 },
    })
  })
})

describe('toAnthropicUsage', () => {
  it('takes cache reads out of input_tokens, the inverse of toChatUsage for reads', () => {
    const anthropic = { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100, cache_creation_input_tokens: 0 }
    expect(toAnthropicUsage(toChatUsage(anthropic))).toEqual(anthropic)
  })
})
