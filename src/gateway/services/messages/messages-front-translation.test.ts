import { describe, expect, it } from 'vitest'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import type { ChatCompletionChunk } from '../../../shared/chat/types'
import { toAnthropicMessages } from '../../providers/anthropic/to-anthropic-messages'
import { readFixture } from './fixtures/messages-fixtures'
import { messagesToPivot } from './messages-to-pivot'
import { pivotToMessage } from './pivot-to-message'
import { PivotStreamToMessages } from './pivot-stream-to-messages'

const fixture = (file: string) => JSON.parse(readFixture(file).toString('utf8')) as Record<string, unknown>

describe('messagesToPivot on recorded Messages requests', () => {
  it('tool-use-round-trip.json: a valid pivot request that the Anthropic provider turns back into the same turns', () => {
    const body = fixture('requests/tool-use-round-trip.json')
    const pivot = parseChatCompletionRequest(messagesToPivot(body, { reasons: false }))
    expect(pivot.tools?.map((t) => (t.type === 'function' ? t.function.name : t.type))).toEqual(['get_weather', 'get_local_time'])
    expect(pivot.max_completion_tokens).toBe(1024)
    // Round trip through the provider's own translator: the same roles and tool ids, cache_control gone.
    const back = toAnthropicMessages(pivot.messages).messages
    const original = body.messages as Array<{ role: string; content: Array<{ type: string; id?: string; tool_use_id?: string }> }>
    expect(back.map((m) => m.role)).toEqual(original.map((m) => m.role))
    const ids = (ms: typeof original) => ms.flatMap((m) => m.content.map((b) => b.id ?? b.tool_use_id ?? b.type))
    expect(ids(back as typeof original)).toEqual(ids(original))
    expect(JSON.stringify(pivot)).not.toContain('cache_control')
  })

  it('thinking-blocks.json: earlier thinking is dropped; thinking becomes reasoning_effort only for a model that reasons', () => {
    const body = { ...fixture('requests/thinking-blocks.json'), thinking: { type: 'enabled', budget_tokens: 5000 } }
    expect(messagesToPivot(body, { reasons: true }).reasoning_effort).toBe('medium')
    const plain = messagesToPivot(body, { reasons: false })
    expect(plain.reasoning_effort).toBeUndefined()
    expect(JSON.stringify(plain.messages)).not.toContain('signature')
  })

  it('maps tool_choice, stop_sequences, metadata.user_id and a mid-conversation system turn', () => {
    const pivot = messagesToPivot(
      {
        model: 'm',
        max_tokens: 5,
        stop_sequences: ['END'],
        metadata: { user_id: 'u1' },
        tools: [{ name: 't', input_schema: { type: 'object' } }],
        tool_choice: { type: 'tool', name: 't', disable_parallel_tool_use: true },
        messages: [{ role: 'user', content: 'a' }, { role: 'system', content: [{ type: 'text', text: 'now terse' }] }],
      },
      { reasons: false },
    )
    expect(pivot).toMatchObject({ stop: ['END'], user: 'u1', tool_choice: { type: 'function', function: { name: 't' } }, parallel_tool_calls: false })
    expect(pivot.messages).toEqual([{ role: 'user', content: 'a' }, { role: 'system', content: 'now terse' }])
  })
})

describe('pivot answers as Anthropic messages', () => {
  const base = { id: 'chatcmpl-abc', object: 'chat.completion.chunk' as const, created: 1, model: 'm', usage: null }
  const chunk = (delta: ChatCompletionChunk['choices'][0]['delta'], finish: ChatCompletionChunk['choices'][0]['finish_reason'] = null): ChatCompletionChunk => ({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })
  const usage = { prompt_tokens: 20, completion_tokens: 7, total_tokens: 27, completion_tokens_details: { accepted_prediction_tokens: 0, audio_tokens: 0, reasoning_tokens: 0, rejected_prediction_tokens: 0 }, prompt_tokens_details: { audio_tokens: 0, cached_tokens: 4 } }

  it('streams text then a tool call as Anthropic\'s event sequence', () => {
    const t = new PivotStreamToMessages('claude-opus-4-8')
    const events = [
      ...t.push(chunk({ role: 'assistant', content: '' })),
      ...t.push(chunk({ content: 'Let me look.' })),
      ...t.push(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '' } }] })),
      ...t.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] })),
      ...t.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] })),
      ...t.push(chunk({}, 'tool_calls')),
      ...t.finish(usage),
    ]
    expect(events.map((e) => e.type)).toEqual([
      'message_start', 'ping',
      'content_block_start', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop',
      'message_delta', 'message_stop',
    ])
    expect(events[0]).toMatchObject({ message: { id: 'msg_abc', model: 'claude-opus-4-8', role: 'assistant' } })
    expect(events[5]).toEqual({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'call_1', name: 'lookup', input: {} } })
    expect(events[9]).toEqual({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { input_tokens: 16, output_tokens: 7, cache_read_input_tokens: 4, cache_creation_input_tokens: 0 } })
  })

  it('a whole completion: text and tool_use blocks, stop reason, usage', () => {
    const message = pivotToMessage(
      { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm', usage, choices: [{ index: 0, finish_reason: 'length', logprobs: { content: null, refusal: null }, message: { role: 'assistant', content: 'partial', refusal: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: 'not json' } }] } }] },
      'alias',
    )
    expect(message).toMatchObject({ model: 'alias', stop_reason: 'max_tokens', content: [{ type: 'text', text: 'partial' }, { type: 'tool_use', id: 'c', name: 'f', input: { arguments: 'not json' } }], usage: { input_tokens: 16, output_tokens: 7 } })
  })
})
