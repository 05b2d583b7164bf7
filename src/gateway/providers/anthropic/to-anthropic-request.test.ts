import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import type { AnthropicMessagesRequest } from './anthropic-types'
import { loadFixture } from './fixtures/load-fixture'
import { DEFAULT_MAX_TOKENS, EFFORT_BUDGETS, toAnthropicRequest } from './to-anthropic-request'

const MODEL = 'claude-sonnet-4-5-20250929'
const user = { role: 'user', content: 'Hi' }
const translate = (extra: Record<string, unknown>) =>
  toAnthropicRequest(parseChatCompletionRequest({ model: 'claude', messages: [user], ...extra }), MODEL)
const fn = (name: string) => ({ type: 'function', function: { name } })

function refusal(extra: Record<string, unknown>): GatewayError {
  try {
    translate(extra)
  } catch (error) {
    if (error instanceof GatewayError) return error
    throw error
  }
  throw new Error('expected the translation to be refused')
}

describe('toAnthropicRequest', () => {
  it('translates a whole conversation as recorded', () => {
    const request = parseChatCompletionRequest(loadFixture('request-conversation.chat.json'))
    expect(toAnthropicRequest(request, MODEL)).toEqual(loadFixture<AnthropicMessagesRequest>('request-conversation.anthropic.json'))
  })

  it('sends the upstream model and a default max_tokens', () => {
    expect(translate({})).toEqual({ model: MODEL, max_tokens: DEFAULT_MAX_TOKENS, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] })
  })

  it('takes max_tokens from max_completion_tokens', () => {
    expect(translate({ max_completion_tokens: 123 }).max_tokens).toBe(123)
  })

  it('never carries cache_control', () => {
    const body = {
      model: 'claude',
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'Long prompt', cache_control: { type: 'ephemeral' } }] },
        { role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: { type: 'ephemeral', ttl: '1h' } }] },
      ],
      tools: [{ type: 'function', function: { name: 'f', cache_control: { type: 'ephemeral' } }, cache_control: {} }],
    }
    const out = toAnthropicRequest(parseChatCompletionRequest(body), MODEL)
    expect(JSON.stringify(out)).not.toContain('cache_control')
  })

  it.each([
    [{}, undefined],
    [{ tool_choice: 'none' }, { type: 'none' }],
    [{ tool_choice: 'auto' }, { type: 'auto' }],
    [{ tool_choice: 'required' }, { type: 'any' }],
    [{ tool_choice: { type: 'function', function: { name: 'f' } } }, { type: 'tool', name: 'f' }],
    [{ parallel_tool_calls: false }, { type: 'auto', disable_parallel_tool_use: true }],
    [{ tool_choice: 'auto', parallel_tool_calls: false }, { type: 'auto', disable_parallel_tool_use: true }],
    [{ tool_choice: { type: 'function', function: { name: 'f' } }, parallel_tool_calls: false }, { type: 'tool', name: 'f', disable_parallel_tool_use: true }],
    [{ tool_choice: 'none', parallel_tool_calls: false }, { type: 'none' }],
    [{ tool_choice: 'auto', parallel_tool_calls: true }, { type: 'auto' }],
  ])('maps tool choice %j to %j', (extra, expected) => {
    expect(translate({ tools: [fn('f')], ...extra }).tool_choice).toEqual(expected)
  })

  it('sends no tools and no tool_choice when there are no tools', () => {
    const out = translate({ tool_choice: 'auto', tools: [] })
    expect(out).not.toHaveProperty('tools')
    expect(out).not.toHaveProperty('tool_choice')
  })

  it('carries description and strict of function tools', () => {
    const tool = { type: 'function', function: { name: 'f', description: 'd', parameters: { type: 'object' }, strict: true } }
    expect(translate({ tools: [tool] }).tools).toEqual([{ name: 'f', description: 'd', input_schema: { type: 'object' }, strict: true }])
  })

  it('passes thinking through and leaves room for the answer', () => {
    expect(translate({ thinking: { type: 'enabled', budget_tokens: 2000 } })).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 2000 },
      max_tokens: DEFAULT_MAX_TOKENS + 2000,
    })
    expect(translate({ thinking: { type: 'adaptive' } }).thinking).toEqual({ type: 'adaptive' })
    expect(translate({ thinking: { type: 'disabled' }, max_completion_tokens: 50 })).toMatchObject({ thinking: { type: 'disabled' }, max_tokens: 50 })
  })

  it.each(Object.entries(EFFORT_BUDGETS))('maps reasoning_effort %s to a thinking budget of %i', (effort, budget) => {
    expect(translate({ reasoning_effort: effort })).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: budget },
      max_tokens: DEFAULT_MAX_TOKENS + budget,
    })
  })

  it('sends no thinking for reasoning_effort none', () => {
    expect(translate({ reasoning_effort: 'none' })).not.toHaveProperty('thinking')
  })

  it('fits an effort budget under an explicit max_completion_tokens', () => {
    expect(translate({ reasoning_effort: 'high', max_completion_tokens: 5000 })).toMatchObject({
      max_tokens: 5000,
      thinking: { type: 'enabled', budget_tokens: 4999 },
    })
  })

  it('maps a json_schema response format to output_config', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }
    const out = translate({ response_format: { type: 'json_schema', json_schema: { name: 'x', schema } } })
    expect(out.output_config).toEqual({ format: { type: 'json_schema', schema } })
    expect(translate({ response_format: { type: 'text' } })).not.toHaveProperty('output_config')
  })

  it('maps the end-user id (safety_identifier, else user) to metadata.user_id and drops OpenAI-only hints', () => {
    expect(translate({ user: 'user-42' }).metadata).toEqual({ user_id: 'user-42' })
    expect(translate({ user: 'user-42', safety_identifier: 'sha-of-user' }).metadata).toEqual({ user_id: 'sha-of-user' })
    const hints = translate({ prompt_cache_key: 'k', prompt_cache_retention: '24h', web_search_options: { search_context_size: 'low' } })
    expect(hints).not.toHaveProperty('metadata')
    expect(JSON.stringify(hints)).not.toMatch(/prompt_cache|web_search/)
  })

  it('accepts values that change nothing', () => {
    expect(() => translate({ frequency_penalty: 0, presence_penalty: 0, logit_bias: {}, logprobs: false, n: 3, temperature: 1 })).not.toThrow()
  })
})

describe('toAnthropicRequest refuses what Anthropic cannot take', () => {
  it.each([
    [{ temperature: 1.5 }, 'temperature', 'between 0 and 1 for Anthropic models; got 1.5'],
    [{ logprobs: true }, 'logprobs', 'do not support it'],
    [{ logprobs: true, top_logprobs: 2 }, 'logprobs', 'log probabilities'],
    [{ logit_bias: { 42: 5 } }, 'logit_bias', 'do not support it'],
    [{ modalities: ['text', 'audio'], audio: { voice: 'alloy', format: 'mp3' } }, 'modalities', 'audio output'],
    [{ frequency_penalty: 0.5 }, 'frequency_penalty', 'is not 0'],
    [{ presence_penalty: -1 }, 'presence_penalty', 'is not 0'],
    [{ seed: 7 }, 'seed', 'do not support it'],
    [{ response_format: { type: 'json_object' } }, 'response_format.type', 'use "json_schema"'],
    [{ response_format: { type: 'json_schema', json_schema: { name: 'x' } } }, 'response_format.json_schema.schema', 'is required'],
    [{ tools: [fn('f'), { type: 'web_search' }] }, 'tools[1].type', '"web_search" cannot be sent'],
    [{ tools: [{ type: 'acme_ocr', acme_ocr: { file_id: 'f' } }] }, 'tools[0].type', 'only function tools'],
    [{ thinking: { type: 'adaptive' }, reasoning_effort: 'low' }, 'reasoning_effort', 'not both'],
    [{ reasoning_effort: 'low', max_completion_tokens: 1000 }, 'max_completion_tokens', 'at least 1024'],
  ])('%j', (extra, param, fragment) => {
    const error = refusal(extra)
    expect(error.status).toBe(400)
    expect(error.param).toBe(param)
    expect(error.message).toContain(fragment)
  })
})
