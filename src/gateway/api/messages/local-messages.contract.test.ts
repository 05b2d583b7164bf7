import Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEAM_KEY } from '../../../../test/support/harness'
import { type LocalChatHarness, startLocalChatHarness } from '../../../../test/support/local-chat-harness'

/**
 * /v1/messages on the local stories260K model through the official Anthropic SDK: the Messages front
 * translates to the pivot, the llama engine answers. (Claude Code itself needs more context than this
 * 2,048-token test model has, so its local path is this.)
 */
let h: LocalChatHarness
let client: Anthropic
beforeAll(async () => {
  h = await startLocalChatHarness()
  client = new Anthropic({ baseURL: h.url, apiKey: TEAM_KEY, maxRetries: 0, timeout: 120_000 })
}, 120_000)
afterAll(async () => h?.close())

/** temperature 0, which this SDK version's types no longer list but the API takes. */
const greedy = (p: Anthropic.MessageCreateParamsNonStreaming) => ({ ...p, temperature: 0 }) as Anthropic.MessageCreateParamsNonStreaming
const weather: Anthropic.Tool = { name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string', maxLength: 12 } }, required: ['city'], additionalProperties: false } }

describe('Messages front on a local llama model', () => {
  it('messages.create answers with text, a stop reason and usage billed like chat', async () => {
    const { data: message, response } = await client.messages.create(greedy({ model: 'stories', max_tokens: 12, system: 'Tell a story.', messages: [{ role: 'user', content: 'Once upon a time' }] })).withResponse()
    expect(message.content[0]).toMatchObject({ type: 'text', text: expect.any(String) })
    expect(['end_turn', 'max_tokens']).toContain(message.stop_reason)
    expect(message.usage.output_tokens).toBeGreaterThan(0)
    const row = await h.rowOf(response.headers.get('x-request-id'))
    expect(row).toMatchObject({ endpoint: 'messages', modelName: 'stories', status: 200, promptTokens: message.usage.input_tokens, completionTokens: message.usage.output_tokens })
    expect(row.creditsMicro).toBeGreaterThan(0)
  })

  it('messages.stream gives the same text as create, greedily', async () => {
    const body = greedy({ model: 'stories', max_tokens: 16, messages: [{ role: 'user', content: 'Once upon a time' }] })
    const whole = await client.messages.create(body)
    const final = await client.messages.stream(body).finalMessage()
    expect(final.content).toEqual(whole.content)
    expect(final.stop_reason).toBe(whole.stop_reason)
  })

  it('messages.countTokens counts exactly with the model\'s tokenizer (no estimate header)', async () => {
    const { data, response } = await client.messages.countTokens({ model: 'stories', messages: [{ role: 'user', content: 'Once upon a time' }] }).withResponse()
    expect(data.input_tokens).toBeGreaterThan(3)
    expect(response.headers.get('x-svc-token-count')).toBeNull()
  })

  it('a tool round trip: a forced tool_use whose input fits the schema, then a tool_result answered as text', async () => {
    const first = await client.messages.create({ model: 'stories', max_tokens: 60, tools: [weather], tool_choice: { type: 'tool', name: 'get_weather' }, messages: [{ role: 'user', content: 'Weather?' }] })
    expect(first.stop_reason).toBe('tool_use')
    const call = first.content.find((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use')!
    expect(call.name).toBe('get_weather')
    expect(typeof (call.input as { city: unknown }).city).toBe('string')
    const second = await client.messages.create({
      model: 'stories',
      max_tokens: 12,
      tools: [weather],
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'sunny' }] },
      ],
    })
    expect(['end_turn', 'max_tokens']).toContain(second.stop_reason)
    expect(second.content.every((b) => b.type === 'text')).toBe(true)
  })
})
