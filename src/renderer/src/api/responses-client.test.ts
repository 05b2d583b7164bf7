import { afterEach, describe, expect, it, vi } from 'vitest'
import { runResponses } from './responses-client'

const sse = (events: Array<Record<string, unknown>>) => events.map((e, i) => `event: ${String(e.type)}\ndata: ${JSON.stringify({ ...e, sequence_number: i })}\n\n`).join('')
const usage = { input_tokens: 9, output_tokens: 3, total_tokens: 12, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 }, svc_credits_cost: 0.01 }

afterEach(() => vi.unstubAllGlobals())

describe('runResponses (the playground through /v1/responses)', () => {
  it('folds streamed text and a function call into the chat answer the view shows', async () => {
    const body = sse([
      { type: 'response.created', response: { model: 'gpt-echo', status: 'in_progress', output: [], usage: null } },
      { type: 'response.output_item.added', output_index: 0, item: { type: 'message' } },
      { type: 'response.output_text.delta', output_index: 0, delta: 'Hello ' },
      { type: 'response.output_text.delta', output_index: 0, delta: 'there.' },
      { type: 'response.output_item.added', output_index: 1, item: { type: 'function_call', call_id: 'call_1', name: 'look' } },
      { type: 'response.function_call_arguments.delta', output_index: 1, delta: '{"a":1}' },
      { type: 'response.completed', response: { model: 'gpt-echo', status: 'completed', output: [{ type: 'function_call' }], usage } },
    ])
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(body, { headers: { 'content-type': 'text/event-stream', 'x-svc-model-id': 'm1', 'x-svc-completion-time-ms': '5' } }))
    vi.stubGlobal('fetch', fetchMock)
    const result = await runResponses({ baseUrl: 'http://gw' } as never, { model: 'gpt-echo', messages: [{ role: 'user', content: 'hi' }], stream: true }, { apiKey: 'k', fallbacks: 'off' })
    expect(fetchMock.mock.calls[0]![0]).toBe('http://gw/v1/responses?fallbacks=false')
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({ model: 'gpt-echo', input: [{ role: 'user', content: 'hi' }], stream: true })
    expect(result.choices[0]).toMatchObject({ content: 'Hello there.', finishReason: 'tool_calls', toolCalls: [{ id: 'call_1', function: { name: 'look', arguments: '{"a":1}' } }] })
    expect(result.meta).toMatchObject({ responseModel: 'gpt-echo', modelId: 'm1', serverMs: 5, usage: { prompt_tokens: 9, completion_tokens: 3, svc_credits_cost: 0.01 } })
  })

  it('reads a whole response', async () => {
    const whole = { model: 'gpt-echo', status: 'completed', output: [{ type: 'message', content: [{ type: 'output_text', text: 'Done.' }] }], usage }
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(whole), { headers: { 'content-type': 'application/json' } })))
    const result = await runResponses({ baseUrl: 'http://gw' } as never, { model: 'gpt-echo', messages: [{ role: 'user', content: 'hi' }] }, { apiKey: 'k' })
    expect(result.choices[0]).toMatchObject({ content: 'Done.', finishReason: 'stop' })
  })
})
