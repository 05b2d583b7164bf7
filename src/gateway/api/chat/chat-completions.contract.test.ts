import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { admin } from '../../../../test/support/harness'

let h: ChatHarness
beforeAll(async () => {
  h = await startChatHarness()
})
afterAll(async () => h.close())
beforeEach(() => {
  h.openai.requests.length = 0
  h.anthropic.requests.length = 0
})

const user = (content: string) => [{ role: 'user' as const, content }]

describe('POST /v1/chat/completions through an OpenAI-compatible upstream', () => {
  it('answers in the exact shape of spec 2.3, with headers, cost and a usage row', async () => {
    const before = h.gw.store.company.balanceMicro()
    const { data, response } = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('hello there') }).withResponse()
    expect(data).toMatchObject({ object: 'chat.completion', model: 'gpt-echo', system_fingerprint: 'fp_fake' })
    expect(data.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: 'echo: hello there', refusal: null },
      finish_reason: 'stop',
      logprobs: { content: null, refusal: null },
    })
    expect('service_tier' in data).toBe(false)
    const usage = data.usage as typeof data.usage & { svc_credits_cost: number }
    expect(usage.completion_tokens_details).toEqual({ accepted_prediction_tokens: 0, audio_tokens: 0, reasoning_tokens: 0, rejected_prediction_tokens: 0 })
    expect(usage.prompt_tokens_details).toEqual({ audio_tokens: 0, cached_tokens: 0 })
    expect(usage.svc_credits_cost).toBeCloseTo((usage.prompt_tokens * 1000 + usage.completion_tokens * 2000) / 1e6, 9)
    expect(response.headers.get('x-svc-model-id')).toBe(h.model('gpt-echo').id)
    expect(Number(response.headers.get('x-svc-completion-time-ms'))).toBeGreaterThanOrEqual(0)

    expect(h.openai.requests[0]!.json).toMatchObject({ model: 'gpt-4o-mini', messages: user('hello there') })
    expect(h.openai.requests[0]!.headers.authorization).toBe('Bearer sk-upstream-secret-openai')
    expect(before - h.gw.store.company.balanceMicro()).toBe(Math.round(usage.svc_credits_cost * 1e6))
    const row = h.usageRows()[0]!
    expect(row).toMatchObject({ endpoint: 'chat.completions', status: 200, modelName: 'gpt-echo', requestedModel: 'gpt-echo', promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens })
    expect(row.attempts).toHaveLength(1)
  })

  it('reports service_tier only when asked, auto as default', async () => {
    const data = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('x'), service_tier: 'auto' })
    expect(data.service_tier).toBe('default')
  })

  it('resolves aliases and model UUIDs, and names unknown or disabled models', async () => {
    expect((await h.client.chat.completions.create({ model: 'echo', messages: user('a') })).model).toBe('gpt-echo')
    expect((await h.client.chat.completions.create({ model: h.model('gpt-echo').id, messages: user('a') })).model).toBe('gpt-echo')
    await expect(h.client.chat.completions.create({ model: 'gpt-9', messages: user('a') })).rejects.toMatchObject({ status: 400, code: 'model_not_found', param: 'model' })
    const beta = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: 'team-beta-key-0123456789abcdef', maxRetries: 0 })
    await expect(beta.chat.completions.create({ model: 'gpt-echo', messages: user('a') })).rejects.toMatchObject({ status: 400, code: 'model_not_enabled' })
    await expect(h.client.chat.completions.create({ model: 'voice', messages: user('a') })).rejects.toMatchObject({ status: 400, code: 'model_not_chat', param: 'model' })
  })

  it('uses an agent by UUID: its prompt and parameters, with the request\'s own fields winning', async () => {
    const created = await h.gw.app.inject({
      method: 'POST',
      url: '/admin/agents',
      headers: admin,
      payload: { name: 'terse', model: 'gpt-echo', system_prompt: 'Be terse.', params: { temperature: 0.2, max_completion_tokens: 50 } },
    })
    expect(created.statusCode).toBe(201)
    const agentId = created.json().id
    const data = await h.client.chat.completions.create({ model: agentId, messages: user('hi'), max_completion_tokens: 20 })
    expect(data.model).toBe('gpt-echo')
    expect(h.openai.requests[0]!.json).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.2,
      max_completion_tokens: 20,
      messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: 'hi' }],
    })
  })

  it('streams with the SDK helpers and ends cleanly', async () => {
    const stream = h.client.chat.completions.stream({ model: 'gpt-echo', messages: user('stream me please') })
    const deltas: string[] = []
    stream.on('content', (delta) => deltas.push(delta))
    const final = await stream.finalChatCompletion()
    expect(deltas.join('')).toBe('echo: stream me please')
    expect(final.choices[0]!.message.content).toBe('echo: stream me please')
    expect(h.usageRows()[0]).toMatchObject({ stream: true, status: 200, usageEstimated: false })
  })

  it('sends one usage chunk with empty choices before [DONE] with include_usage, usage: null on all others', async () => {
    const { data: stream, response } = await h.client.chat.completions
      .create({ model: 'gpt-echo', messages: user('count me'), stream: true, stream_options: { include_usage: true } })
      .withResponse()
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('x-svc-model-id')).toBe(h.model('gpt-echo').id)
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    const last = chunks.pop()!
    expect(last.choices).toEqual([])
    expect(last.usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: 3, svc_credits_cost: expect.any(Number) })
    expect(chunks.length).toBeGreaterThan(2)
    for (const c of chunks) {
      expect(c.usage).toBeNull()
      expect(c.object).toBe('chat.completion.chunk')
      expect(c.model).toBe('gpt-echo')
    }
  })

  it('omits usage from every chunk without include_usage', async () => {
    const res = await fetch(`${h.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer team-alpha-key-0123456789abcdef', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-echo', messages: user('no usage'), stream: true }),
    })
    const text = await res.text()
    const events = text.split('\n\n').filter(Boolean)
    expect(events.at(-1)).toBe('data: [DONE]')
    for (const e of events.slice(0, -1)) {
      const chunk = JSON.parse(e.slice('data: '.length))
      expect('usage' in chunk).toBe(false)
      expect(chunk.choices.length).toBe(1)
    }
    expect(h.openai.requests[0]!.json.stream_options).toEqual({ include_usage: true })
  })

  it('round-trips a tool call', async () => {
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }]
    const first = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('weather?'), tools })
    const call = first.choices[0]!.message.tool_calls![0]!
    expect(first.choices[0]!.finish_reason).toBe('tool_calls')
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } })
    const second = await h.client.chat.completions.create({
      model: 'gpt-echo',
      tools,
      messages: [...user('weather?'), first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: 'sunny, 21C' }],
    })
    expect(second.choices[0]!.message.content).toBe('echo: sunny, 21C')
  })

  it('answers json_schema requests with JSON that parses', async () => {
    const data = await h.client.chat.completions.create({
      model: 'gpt-echo',
      messages: user('give me a city'),
      response_format: { type: 'json_schema', json_schema: { name: 'city', strict: true, schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
    })
    expect(JSON.parse(data.choices[0]!.message.content!)).toEqual({ city: 'value of city' })
    expect(h.openai.requests[0]!.json.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'city' } })
  })

  it('passes n: 3 to a provider that has n', async () => {
    const data = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('three'), n: 3 })
    expect(data.choices.map((c) => [c.index, c.message.content])).toEqual([
      [0, 'echo: three'],
      [1, 'echo 1: three'],
      [2, 'echo 2: three'],
    ])
    expect(h.openai.requests).toHaveLength(1)
  })

  it('refuses a bad request with 400 naming the param, before any upstream call', async () => {
    await expect(h.client.chat.completions.create({ model: 'gpt-echo', messages: user('x'), temperature: 3 })).rejects.toMatchObject({ status: 400, param: 'temperature' })
    await expect(h.client.chat.completions.create({ model: 'gpt-echo', messages: user('x'), stream_options: { include_usage: true } })).rejects.toMatchObject({ status: 400, param: 'stream_options' })
    expect(h.openai.requests).toHaveLength(0)
  })

  it('keeps stored completions with their metadata for the admin API', async () => {
    const data = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('keep me'), store: true, metadata: { project: 'atlas' } })
    expect(h.openai.requests[0]!.json.store).toBeUndefined()
    const list = await h.gw.app.inject({ method: 'GET', url: '/admin/completions?metadata[project]=atlas', headers: admin })
    expect(list.json().data).toHaveLength(1)
    expect(list.json().data[0]).toMatchObject({ id: data.id, model: 'gpt-echo', metadata: { project: 'atlas' }, response: { choices: [{ message: { content: 'echo: keep me' } }] } })
    const none = await h.gw.app.inject({ method: 'GET', url: '/admin/completions?metadata[project]=other', headers: admin })
    expect(none.json().data).toHaveLength(0)
    const usage = await h.gw.app.inject({ method: 'GET', url: '/admin/usage?metadata[project]=atlas', headers: admin })
    expect(usage.json().data[0]).toMatchObject({ model: 'gpt-echo', status: 200, metadata: { project: 'atlas' } })
  })
})

describe('deprecated functions', () => {
  it('maps functions and function_call to tools, and answers in the deprecated form', async () => {
    const body = { model: 'gpt-echo', messages: user('weather?'), functions: [{ name: 'get_weather', parameters: { type: 'object' } }], function_call: 'auto' as const, max_tokens: 30 }
    const data = await h.client.chat.completions.create(body)
    expect(h.openai.requests[0]!.json).toMatchObject({ tools: [{ type: 'function', function: { name: 'get_weather' } }], tool_choice: 'auto', max_completion_tokens: 30 })
    expect(h.openai.requests[0]!.json.functions).toBeUndefined()
    expect(data.choices[0]!.finish_reason).toBe('function_call')
    expect(data.choices[0]!.message.function_call).toEqual({ name: 'get_weather', arguments: '{"city":"Paris"}' })
    expect(data.choices[0]!.message.tool_calls).toBeUndefined()

    const res = await fetch(`${h.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer team-alpha-key-0123456789abcdef', 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, stream: true }),
    })
    const chunks = (await res.text()).split('\n\n').filter((e) => e.startsWith('data: {')).map((e) => JSON.parse(e.slice(6)))
    const fnDeltas = chunks.flatMap((c) => c.choices.map((ch: { delta: { function_call?: { arguments: string } } }) => ch.delta.function_call?.arguments ?? '')).join('')
    expect(fnDeltas).toBe('{"city":"Paris"}')
    expect(chunks.at(-1).choices[0].finish_reason).toBe('function_call')
  })
})
