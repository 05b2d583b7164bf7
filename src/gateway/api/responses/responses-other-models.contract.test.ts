import type OpenAI from 'openai'
import { zodTextFormat } from 'openai/helpers/zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { startLocalChatHarness, type LocalChatHarness } from '../../../../test/support/local-chat-harness'

const weather = { type: 'function' as const, name: 'get_weather', strict: false, parameters: { type: 'object', properties: { city: { type: 'string', maxLength: 20 } }, required: ['city'], additionalProperties: false } }

/** Checks a streamed response's events: numbered from 0, in the order the SDKs expect, deltas making the final text. */
async function checkStream(client: OpenAI, body: OpenAI.Responses.ResponseCreateParamsStreaming | Omit<OpenAI.Responses.ResponseCreateParamsStreaming, 'stream'>) {
  const stream = client.responses.stream(body as OpenAI.Responses.ResponseCreateParamsStreaming)
  const events: Array<{ type: string; sequence_number: number }> = []
  let text = ''
  for await (const e of stream) {
    events.push(e)
    if (e.type === 'response.output_text.delta') text += e.delta
  }
  const final = await stream.finalResponse()
  expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i))
  const types = [...new Set(events.map((e) => e.type))]
  expect(types.slice(0, 4)).toEqual(['response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added'])
  expect(events.at(-1)!.type === 'response.completed' || events.at(-1)!.type === 'response.incomplete').toBe(true)
  expect(final.output_text).toBe(text)
  return final
}

/** create, retrieve, input_items, delete: the same on every model. */
async function checkStoredLifecycle(client: OpenAI, model: string, extra: Record<string, unknown> = {}) {
  const created = await client.responses.create({ model, input: 'Once upon a time', ...extra })
  expect(created).toMatchObject({ object: 'response', model, status: expect.stringMatching(/^(completed|incomplete)$/) })
  expect(created.output[0]).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'output_text' }] })
  expect(created.usage!.input_tokens).toBeGreaterThan(0)
  expect((await client.responses.retrieve(created.id)).id).toBe(created.id)
  const items = await client.responses.inputItems.list(created.id)
  expect(items.data).toMatchObject([{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Once upon a time' }] }])
  await client.responses.delete(created.id)
  await expect(client.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 })
}

describe('/v1/responses on an Anthropic model (pivot to Messages)', () => {
  let h: ChatHarness
  beforeAll(async () => {
    h = await startChatHarness()
  })
  afterAll(async () => h.close())

  it('creates, retrieves, lists input items and deletes', async () => {
    await checkStoredLifecycle(h.client, 'claude-echo')
    expect(h.anthropic.requests.at(-1)!.json).toMatchObject({ model: 'claude-haiku-4-5', messages: [{ role: 'user', content: [{ type: 'text', text: 'Once upon a time' }] }] })
  })

  it('streams', async () => {
    const final = await checkStream(h.client, { model: 'claude-echo', input: 'stream claude' })
    expect(final.output_text).toBe('claude: stream claude')
  })

  it('parses a zod-typed answer (json_schema as output_config)', async () => {
    h.anthropic.next((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'msg_x', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [{ type: 'text', text: '{"city":"Oslo"}' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 9, output_tokens: 5 } }))
      return true
    })
    const parsed = await h.client.responses.parse({ model: 'claude-echo', input: 'a city', text: { format: zodTextFormat(z.object({ city: z.string() }), 'city') } })
    expect(parsed.output_parsed).toEqual({ city: 'Oslo' })
    expect(h.anthropic.requests.at(-1)!.json.output_config).toMatchObject({ format: { type: 'json_schema' } })
  })

  it('round-trips a function call with previous_response_id, and maps reasoning to thinking', async () => {
    const first = await h.client.responses.create({ model: 'claude-echo', input: 'weather?', tools: [weather] })
    const call = first.output.find((o): o is OpenAI.Responses.ResponseFunctionToolCall => o.type === 'function_call')!
    expect(call).toMatchObject({ name: 'get_weather', arguments: '{"city":"Paris"}' })
    const second = await h.client.responses.create({ model: 'claude-echo', previous_response_id: first.id, tools: [weather], input: [{ type: 'function_call_output', call_id: call.call_id, output: 'rainy' }], reasoning: { effort: 'low' }, max_output_tokens: 4000 })
    expect(second.output_text).toContain('rainy')
    const sent = h.anthropic.requests.at(-1)!.json as { messages: unknown[]; thinking?: unknown }
    expect(sent.messages).toMatchObject([
      { role: 'user', content: [{ type: 'text', text: 'weather?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: call.call_id, name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.call_id, content: 'rainy' }] },
    ])
    expect(sent.thinking).toMatchObject({ type: 'enabled' })
  })
})

describe('/v1/responses on the local llama model', () => {
  let h: LocalChatHarness
  beforeAll(async () => {
    h = await startLocalChatHarness()
  }, 120_000)
  afterAll(async () => h.close())

  it('creates, retrieves, lists input items and deletes; reasoning is accepted and not sent', async () => {
    await checkStoredLifecycle(h.client, 'stories', { max_output_tokens: 16, reasoning: { effort: 'low' } })
  })

  it('names the Responses field when the local engine refuses a setting', async () => {
    await expect(h.client.responses.create({ model: 'stories', input: 'x', text: { format: { type: 'json_object' }, verbosity: 'low' }, max_output_tokens: 16 })).resolves.toBeDefined()
    await expect(h.client.responses.create({ model: 'stories', input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://example.com/cat.png', detail: 'auto' }] }], max_output_tokens: 16 })).rejects.toMatchObject({ status: 400, param: expect.stringMatching(/^input/) })
  })

  it('streams', async () => {
    await checkStream(h.client, { model: 'stories', input: 'Once upon a time', max_output_tokens: 16 })
  })

  it('parses a zod-typed answer (no integers or formats: those depend on the grammar fix)', async () => {
    const parsed = await h.client.responses.parse({ model: 'stories', input: 'A name', max_output_tokens: 60, text: { format: zodTextFormat(z.object({ name: z.string().max(12) }), 'person') } })
    expect(typeof parsed.output_parsed!.name).toBe('string')
  })

  it('round-trips a forced function call with previous_response_id', async () => {
    const first = await h.client.responses.create({ model: 'stories', input: 'What is the weather?', tools: [weather], tool_choice: { type: 'function', name: 'get_weather' }, max_output_tokens: 60 })
    const call = first.output.find((o): o is OpenAI.Responses.ResponseFunctionToolCall => o.type === 'function_call')!
    expect(call.name).toBe('get_weather')
    expect(typeof JSON.parse(call.arguments).city).toBe('string')
    const second = await h.client.responses.create({ model: 'stories', previous_response_id: first.id, input: [{ type: 'function_call_output', call_id: call.call_id, output: 'sunny' }], max_output_tokens: 16 })
    expect(second.status).toMatch(/^(completed|incomplete)$/)
    expect(second.output[0]!.type).toBe('message')
  })
})
