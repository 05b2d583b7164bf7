import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import type { ChatCompletionChunk } from '../../../shared/chat/types'
import type { AnthropicStreamEvent } from './anthropic-types'
import { AnthropicStreamTranslator } from './anthropic-stream-translator'
import { loadFixture } from './fixtures/load-fixture'

const identity = { requestedModel: 'claude-default', created: 1_760_000_000, id: 'chatcmpl-xyz' }

function run(fixture: string) {
  const translator = new AnthropicStreamTranslator(identity)
  const chunks = loadFixture<AnthropicStreamEvent[]>(fixture).flatMap((event) => translator.push(event))
  return { translator, chunks, deltas: chunks.map((chunk) => chunk.choices[0]?.delta) }
}

const contentOf = (chunks: ChatCompletionChunk[]) => chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')

describe('AnthropicStreamTranslator', () => {
  it('streams text: role first, then content, then finish_reason', () => {
    const { chunks, deltas, translator } = run('stream-text.json')
    expect(deltas).toEqual([{ role: 'assistant', content: '' }, { content: 'Hello' }, { content: '! How can I help' }, { content: ' you today?' }, {}])
    expect(chunks.map((c) => c.choices[0]?.finish_reason)).toEqual([null, null, null, null, 'stop'])
    expect(translator.finishReason).toBe('stop')
  })

  it('stamps every chunk with the identity and a null usage', () => {
    for (const chunk of run('stream-text.json').chunks) {
      expect(chunk).toMatchObject({ id: 'chatcmpl-xyz', object: 'chat.completion.chunk', created: 1_760_000_000, model: 'claude-default', usage: null })
      expect(chunk.choices[0]?.index).toBe(0)
    }
  })

  it('accumulates usage, cache reads included', () => {
    const { translator } = run('stream-text.json')
    expect(translator.usage).toMatchObject({ prompt_tokens: 25 + 2048, completion_tokens: 12, total_tokens: 2085, prompt_tokens_details: { cached_tokens: 2048 } })
    expect(translator.usageChunk()).toMatchObject({ id: 'chatcmpl-xyz', object: 'chat.completion.chunk', choices: [], usage: translator.usage })
  })

  it('streams tool calls: index, id and name first, then argument fragments', () => {
    const { chunks, deltas, translator } = run('stream-tool-use.json')
    expect(contentOf(chunks)).toBe('Let me check the weather.')
    const toolDeltas = deltas.flatMap((d) => d?.tool_calls ?? [])
    expect(toolDeltas).toEqual([
      { index: 0, id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', type: 'function', function: { name: 'get_weather', arguments: '' } },
      { index: 0, function: { arguments: '{"location":' } },
      { index: 0, function: { arguments: ' "Paris, France"' } },
      { index: 0, function: { arguments: ', "unit": "celsius"}' } },
      { index: 1, id: 'toolu_01B2c3d4e5f6g7h8i9j0k1l2', type: 'function', function: { name: 'get_time', arguments: '' } },
      { index: 1, function: { arguments: '{}' } },
    ])
    const args = toolDeltas.filter((d) => d.index === 0).map((d) => d.function?.arguments).join('')
    expect(JSON.parse(args)).toEqual({ location: 'Paris, France', unit: 'celsius' })
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls')
    expect(translator.usage).toMatchObject({ prompt_tokens: 472, completion_tokens: 89 })
  })

  it('streams thinking as reasoning_content, apart from the answer, and takes the final counts of message_delta', () => {
    const { chunks, translator } = run('stream-thinking.json')
    expect(contentOf(chunks)).toBe('27 multiplied by 453 is 12,231.')
    expect(chunks.map((c) => c.choices[0]?.delta.reasoning_content ?? '').join('')).toBe('27 * 400 = 10800; 27 * 53 = 1431; total 12231.')
    expect(JSON.stringify(chunks)).not.toContain('EqQBCgIYAhIM') // the signature stays with Anthropic
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('length')
    expect(translator.usage).toMatchObject({ prompt_tokens: 48 + 512, completion_tokens: 312, prompt_tokens_details: { cached_tokens: 512 } })
  })

  it('throws a typed error on an error event, after the chunks already sent', () => {
    const translator = new AnthropicStreamTranslator(identity)
    const events = loadFixture<AnthropicStreamEvent[]>('stream-error.json')
    const sent = events.slice(0, -1).flatMap((event) => translator.push(event))
    expect(contentOf(sent)).toBe('Sure, here')
    const last = events.at(-1)
    if (last === undefined) throw new Error('empty fixture')
    let thrown: unknown
    try {
      translator.push(last)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(GatewayError)
    expect(thrown).toMatchObject({ status: 503, type: 'overloaded_error', code: 'overloaded_error' })
    expect(translator.finishReason).toBeNull()
  })

  it('finishes with stop on message_stop when no message_delta came, and only once', () => {
    const translator = new AnthropicStreamTranslator({ ...identity, choiceIndex: 1 })
    const chunks = [
      ...translator.push({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'Hi' } }),
      ...translator.push({ type: 'message_stop' }),
      ...translator.push({ type: 'message_stop' }),
    ]
    expect(chunks.map((c) => [c.choices[0]?.index, c.choices[0]?.delta, c.choices[0]?.finish_reason])).toEqual([
      [1, { role: 'assistant', content: '' }, null],
      [1, { content: 'Hi' }, null],
      [1, {}, 'stop'],
    ])
    expect(translator.usage).toBeNull()
  })
})
