import { describe, expect, it } from 'vitest'
import type { AnthropicMessage } from './anthropic-types'
import { loadFixture } from './fixtures/load-fixture'
import { fromAnthropicResponse } from './from-anthropic-response'

const identity = { requestedModel: 'claude-default', created: 1_760_000_000, id: 'chatcmpl-abc123' }
const translate = (fixture: string, extra = {}) =>
  fromAnthropicResponse(loadFixture<AnthropicMessage>(fixture), { ...identity, ...extra })

describe('fromAnthropicResponse', () => {
  it('translates a text answer, with cache reads and writes counted as prompt tokens', () => {
    expect(translate('response-text.json')).toEqual({
      id: 'chatcmpl-abc123',
      object: 'chat.completion',
      created: 1_760_000_000,
      model: 'claude-default',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Paris is the capital of France.', refusal: null },
          finish_reason: 'stop',
          logprobs: { content: null, refusal: null },
        },
      ],
      usage: {
        prompt_tokens: 21 + 1200 + 3400,
        completion_tokens: 9,
        total_tokens: 21 + 1200 + 3400 + 9,
        completion_tokens_details: { accepted_prediction_tokens: 0, audio_tokens: 0, reasoning_tokens: 0, rejected_prediction_tokens: 0 },
        prompt_tokens_details: { audio_tokens: 0, cached_tokens: 3400 },
      },
    })
  })

  it('turns tool_use blocks into tool calls with JSON arguments', () => {
    const choice = translate('response-tool-use.json').choices[0]
    expect(choice?.finish_reason).toBe('tool_calls')
    expect(choice?.message).toEqual({
      role: 'assistant',
      content: "I'll check the weather and the local time in Paris.",
      refusal: null,
      tool_calls: [
        {
          id: 'toolu_01A09q90qw90lq917835lq9',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"location":"Paris, France","unit":"celsius"}' },
        },
        { id: 'toolu_01B2c3d4e5f6g7h8i9j0k1l2', type: 'function', function: { name: 'get_time', arguments: '{}' } },
      ],
    })
  })

  it('keeps thinking out of the content, as reasoning_content (redacted thinking dropped), its tokens in completion_tokens only', () => {
    const completion = translate('response-thinking.json')
    expect(completion.choices[0]?.message.content).toBe('27 multiplied by 453 is 12,231.')
    expect(completion.choices[0]?.message.reasoning_content).toBe('27 * 453: 27 * 400 = 10800, 27 * 53 = 1431, total 12231.')
    expect(completion.usage).toMatchObject({ prompt_tokens: 48, completion_tokens: 312, total_tokens: 360 })
    expect(completion.usage.completion_tokens_details.reasoning_tokens).toBe(0)
    expect(completion.usage.prompt_tokens_details.cached_tokens).toBe(0)
  })

  it.each([
    ['response-max-tokens.json', 'length'],
    ['response-stop-sequence.json', 'stop'],
    ['response-refusal.json', 'content_filter'],
  ])('maps the stop reason of %s to %s', (fixture, reason) => {
    expect(translate(fixture).choices[0]?.finish_reason).toBe(reason)
  })

  it('gives null content when there is no text block', () => {
    expect(translate('response-refusal.json').choices[0]?.message).toEqual({ role: 'assistant', content: null, refusal: null })
  })

  it('uses the given choice index when the caller fans out', () => {
    expect(translate('response-text.json', { choiceIndex: 2 }).choices[0]?.index).toBe(2)
  })
})
