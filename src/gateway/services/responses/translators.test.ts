import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChatCompletionChunk } from '../../../shared/chat/types'
import { normalizeUsage } from '../../providers/openai/openai-wire'
import { endOf, outputOf, responseFromCompletion, responseShell } from './from-pivot'
import { resolveItems } from './input-items'
import { inputToMessages } from './input-to-messages'
import { responsesParam } from './pivot-params'
import { parseResponsesRequest } from './request-schema'
import { eventData, ResponsesStreamTranslator } from './stream-events'
import { toPivot } from './to-pivot'

const fixture = <T>(name: string): T => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8')) as T
const counter = () => {
  let n = 0
  return (prefix: string) => `${prefix}_${++n}`
}

describe('to-pivot', () => {
  it('turns a Codex turn (developer message, image, reasoning, a call and its output, namespaced tools) into the chat pivot', () => {
    const req = parseResponsesRequest(fixture('codex-turn.request.json'))
    const items = resolveItems(req.input, () => undefined, counter())
    expect(toPivot(req, [], inputToMessages(items))).toEqual(fixture('codex-turn.pivot.json'))
  })

  it('refuses unknown fields and unserved ones by name', () => {
    expect(() => parseResponsesRequest({ model: 'm', input: 'x', frequency_penalty: 1 })).toThrow(expect.objectContaining({ param: 'frequency_penalty', code: 'unknown_parameter' }))
    expect(() => parseResponsesRequest({ model: 'm', input: 'x', conversation: 'conv_1' })).toThrow(expect.objectContaining({ param: 'conversation' }))
    const req = parseResponsesRequest({ model: 'm', input: [{ type: 'computer_call_output', call_id: 'c' }] })
    expect(() => inputToMessages(resolveItems(req.input, () => undefined, counter()))).toThrow(expect.objectContaining({ param: 'input[0].type' }))
  })

  it('retells pivot fields in Responses terms', () => {
    expect(responsesParam('response_format.json_schema.schema')).toBe('text.format.schema')
    expect(responsesParam('max_completion_tokens')).toBe('max_output_tokens')
    expect(responsesParam('tools[2].function.parameters')).toBe('tools[2].parameters')
    expect(responsesParam('messages[3].content[0].image_url.url')).toBe('input')
  })
})

describe('from-pivot', () => {
  const shell = responseShell({ model: 'm', input: 'x' }, { id: 'resp_1', createdAt: 100, model: 'm', store: true })

  it('puts what the model reasoned first, as a reasoning item with its text as the summary', () => {
    expect(outputOf({ content: 'Yes.', refusal: null, reasoning_content: 'Checked twice.' }, counter())).toEqual([
      { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Checked twice.' }] },
      { id: 'msg_2', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Yes.', annotations: [], logprobs: [] }] },
    ])
  })

  it('makes a message item, then one function_call item per tool call, and usage in Responses names', () => {
    const usage = normalizeUsage({ prompt_tokens: 10, completion_tokens: 4, prompt_tokens_details: { cached_tokens: 3, audio_tokens: 0 } })
    const completion = { id: 'c', object: 'chat.completion' as const, created: 1, model: 'm', usage, choices: [{ index: 0, finish_reason: 'tool_calls' as const, logprobs: { content: null, refusal: null }, message: { role: 'assistant' as const, content: 'Checking.', refusal: null, tool_calls: [{ id: 'call_1', type: 'function' as const, function: { name: 'f', arguments: '{}' } }] } }] }
    const r = responseFromCompletion(shell, completion, counter())
    expect(r.status).toBe('completed')
    expect(r.output).toEqual([
      { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.', annotations: [], logprobs: [] }] },
      { id: 'fc_2', type: 'function_call', status: 'completed', call_id: 'call_1', name: 'f', arguments: '{}' },
    ])
    expect(r.usage).toEqual({ input_tokens: 10, input_tokens_details: { cached_tokens: 3 }, output_tokens: 4, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 14 })
  })

  it('marks a cut-off answer incomplete with its reason', () => {
    expect(endOf('length')).toEqual({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } })
    expect(endOf('content_filter')).toEqual({ status: 'incomplete', incomplete_details: { reason: 'content_filter' } })
    expect(endOf('stop')).toEqual({ status: 'completed', incomplete_details: null })
  })
})

describe('the stream translator', () => {
  it('turns text then a tool call into numbered events, closing the message before the call opens', () => {
    const t = new ResponsesStreamTranslator(responseShell({ model: 'm' }, { id: 'resp_1', createdAt: 1, model: 'm', store: false }), counter())
    const events = [...t.start(), ...fixture<ChatCompletionChunk[]>('text-then-call.chunks.json').flatMap((c) => t.chunk(c))]
    const { events: last, response } = t.end(normalizeUsage({ prompt_tokens: 5, completion_tokens: 4 }))
    events.push(...last)
    expect(events.map((e) => [e.sequence_number, e.type])).toEqual(
      [
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.content_part.added',
        'response.output_text.delta',
        'response.output_text.delta',
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.output_item.added',
        'response.function_call_arguments.delta',
        'response.function_call_arguments.delta',
        'response.function_call_arguments.done',
        'response.output_item.done',
        'response.completed',
      ].map((type, i) => [i, type]),
    )
    expect(events[6]).toMatchObject({ text: 'Let me check.', item_id: 'msg_1', output_index: 0 })
    expect(events[12]).toMatchObject({ arguments: '{"city":"Oslo"}', name: 'get_weather', item_id: 'fc_2', output_index: 1 })
    expect(response.output).toEqual([
      { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Let me check.', annotations: [], logprobs: [] }] },
      { id: 'fc_2', type: 'function_call', status: 'completed', call_id: 'call_9', name: 'get_weather', arguments: '{"city":"Oslo"}' },
    ])
    expect(t.deltas).toBe(4)
  })

  it('opens a reasoning item for reasoning deltas (either upstream name), its text as one summary part, closed when the answer starts', () => {
    const t = new ResponsesStreamTranslator(responseShell({ model: 'm' }, { id: 'resp_1', createdAt: 1, model: 'm', store: false }), counter())
    const chunk = (delta: Record<string, string>, finish: 'stop' | null = null): ChatCompletionChunk => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }], usage: null })
    const events = [...t.start(), ...t.chunk(chunk({ reasoning_content: 'Think ' })), ...t.chunk(chunk({ reasoning: 'hard.' })), ...t.chunk(chunk({ content: 'Done.' }, 'stop'))]
    const { events: last, response } = t.end(normalizeUsage({ prompt_tokens: 5, completion_tokens: 4 }))
    events.push(...last)
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ])
    expect(events[2]).toMatchObject({ output_index: 0, item: { id: 'rs_1', type: 'reasoning', summary: [] } })
    expect(events[6]).toMatchObject({ item_id: 'rs_1', output_index: 0, summary_index: 0, text: 'Think hard.' })
    expect(events[11]).toMatchObject({ item_id: 'msg_2', output_index: 1, delta: 'Done.' })
    expect(response.output).toEqual([
      { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Think hard.' }] },
      { id: 'msg_2', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Done.', annotations: [], logprobs: [] }] },
    ])
    expect(t.deltas).toBe(3)
  })

  it('writes an event that carries the response with the response JSON made once, byte for byte as the whole event would serialize', () => {
    const t = new ResponsesStreamTranslator(responseShell({ model: 'm', instructions: 'Be "brief".' }, { id: 'resp_1', createdAt: 1, model: 'm', store: true }), counter())
    const started = t.start()
    t.chunk(fixture<ChatCompletionChunk[]>('text-then-call.chunks.json')[0]!)
    const { events, response } = t.end(normalizeUsage({ prompt_tokens: 5, completion_tokens: 4 }))
    for (const e of started) expect(eventData(e, JSON.stringify(started[0]!.response))).toBe(JSON.stringify(e))
    for (const e of events) expect(eventData(e, JSON.stringify(response))).toBe(JSON.stringify(e))
  })

  it('writes the per-token delta events (text, arguments, reasoning) field by field, byte for byte as JSON.stringify would', () => {
    const t = new ResponsesStreamTranslator(responseShell({ model: 'm' }, { id: 'resp_1', createdAt: 1, model: 'm', store: false }), counter())
    const chunk = (delta: ChatCompletionChunk['choices'][number]['delta']): ChatCompletionChunk => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }], usage: null })
    const events = [
      ...t.chunk(chunk({ reasoning_content: 'Quote "this"\n' })),
      ...t.chunk(chunk({ content: 'Ünïcode \u2028 and \\ slashes' })),
      ...t.chunk(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":"\\"}' } }] })),
    ]
    const deltas = events.filter((e) => e.type.endsWith('.delta'))
    expect(deltas.map((e) => e.type)).toEqual(['response.reasoning_summary_text.delta', 'response.output_text.delta', 'response.function_call_arguments.delta'])
    for (const e of events) expect(eventData(e)).toBe(JSON.stringify(e))
  })
})
