import OpenAI from 'openai'
import { zodTextFormat } from 'openai/helpers/zod'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { streamCompletion } from '../../../../test/support/fake-openai'

let h: ChatHarness
beforeAll(async () => {
  h = await startChatHarness()
})
afterAll(async () => h.close())
beforeEach(() => {
  h.openai.requests.length = 0
})

const weather = { type: 'function' as const, name: 'get_weather', description: 'Weather of a city', strict: false, parameters: { type: 'object', properties: { city: { type: 'string' } } } }

describe('POST /v1/responses through an OpenAI-compatible upstream (chat pivot)', () => {
  it('answers a string input in OpenAI\'s response shape, with headers, cost and one usage row', async () => {
    const before = h.gw.store.company.balanceMicro()
    const { data, response } = await h.client.responses.create({ model: 'gpt-echo', input: 'hello there', instructions: 'Be kind.', temperature: 0.5, metadata: { project: 'atlas' } }).withResponse()
    expect(data).toMatchObject({ object: 'response', status: 'completed', model: 'gpt-echo', instructions: 'Be kind.', temperature: 0.5, error: null, incomplete_details: null, store: true, metadata: { project: 'atlas' } })
    expect(data.id).toMatch(/^resp_/)
    expect(data.output).toEqual([{ id: expect.stringMatching(/^msg_/), type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'echo: hello there', annotations: [], logprobs: [] }] }])
    expect(data.output_text).toBe('echo: hello there')
    expect(data.usage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: 3, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } })
    expect(data.usage!.total_tokens).toBe(data.usage!.input_tokens + data.usage!.output_tokens)
    expect(response.headers.get('x-svc-model-id')).toBe(h.model('gpt-echo').id)
    expect(h.openai.requests[0]!.json).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.5, messages: [{ role: 'system', content: 'Be kind.' }, { role: 'user', content: 'hello there' }] })
    const cost = (data.usage as unknown as { svc_credits_cost: number }).svc_credits_cost
    expect(before - h.gw.store.company.balanceMicro()).toBe(Math.round(cost * 1e6))
    const row = h.usageRows()[0]!
    expect(row).toMatchObject({ endpoint: 'responses', status: 200, modelName: 'gpt-echo', stream: false, metadata: { project: 'atlas' } })
  })

  it('streams typed events in order, numbered, whose deltas make the final text', async () => {
    const stream = h.client.responses.stream({ model: 'gpt-echo', input: [{ role: 'user', content: 'stream me please' }] })
    const events: Array<{ type: string; sequence_number: number }> = []
    const deltas: string[] = []
    for await (const e of stream) {
      events.push(e)
      if (e.type === 'response.output_text.delta') deltas.push(e.delta)
    }
    const final = await stream.finalResponse()
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i))
    const types = events.map((e) => e.type).filter((t) => t !== 'response.output_text.delta')
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ])
    expect(deltas.length).toBeGreaterThan(1)
    expect(deltas.join('')).toBe('echo: stream me please')
    expect(final.output_text).toBe('echo: stream me please')
    expect(final.status).toBe('completed')
    expect(final.usage!.output_tokens).toBeGreaterThan(0)
    // A stream's client can read its last event before the group commit writes the row.
    await vi.waitFor(() => expect(h.usageRows()[0]).toMatchObject({ endpoint: 'responses', stream: true, status: 200, usageEstimated: false }))
    expect((await h.client.responses.retrieve(final.id)).output_text).toBe('echo: stream me please')
  })

  it('parses a zod-typed json_schema answer', async () => {
    const City = z.object({ city: z.string(), country: z.string() })
    const parsed = await h.client.responses.parse({ model: 'gpt-echo', input: 'a city please', text: { format: zodTextFormat(City, 'city') } })
    expect(parsed.output_parsed).toEqual({ city: 'value of city', country: 'value of country' })
    expect(h.openai.requests[0]!.json.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'city', strict: true } })
  })

  it('round-trips a function call with previous_response_id, the whole context rebuilt', async () => {
    const first = await h.client.responses.create({ model: 'gpt-echo', input: 'weather in Paris?', tools: [weather] })
    const call = first.output.find((o) => o.type === 'function_call')!
    expect(call).toMatchObject({ type: 'function_call', id: expect.stringMatching(/^fc_/), name: 'get_weather', arguments: '{"city":"Paris"}', call_id: expect.any(String), status: 'completed' })
    expect(h.openai.requests[0]!.json.tools).toEqual([{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', strict: false, parameters: weather.parameters } }])
    if (call.type !== 'function_call') throw new Error('no call')
    const second = await h.client.responses.create({
      model: 'gpt-echo',
      previous_response_id: first.id,
      tools: [weather],
      input: [{ type: 'function_call_output', call_id: call.call_id, output: 'sunny, 21C' }],
    })
    expect(second.output_text).toBe('echo: sunny, 21C')
    expect(second.previous_response_id).toBe(first.id)
    expect(h.openai.requests[1]!.json.messages).toEqual([
      { role: 'user', content: 'weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: call.call_id, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: call.call_id, content: 'sunny, 21C' },
    ])
  })

  it('streams a function call as function_call_arguments events', async () => {
    const stream = h.client.responses.stream({ model: 'gpt-echo', input: 'weather?', tools: [weather] })
    const types: string[] = []
    for await (const e of stream) types.push(e.type)
    const final = await stream.finalResponse()
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ])
    expect(final.output[0]).toMatchObject({ type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris"}' })
  })

  it('retrieves, lists input items (paged) and deletes a stored response; another team sees 404', async () => {
    const input = [
      { role: 'user' as const, content: 'one' },
      { role: 'assistant' as const, content: 'two' },
      { role: 'user' as const, content: 'three' },
    ]
    const created = await h.client.responses.create({ model: 'gpt-echo', input })
    expect((await h.client.responses.retrieve(created.id)).output_text).toBe('echo: three')
    const items = await h.client.responses.inputItems.list(created.id, { order: 'asc' })
    expect(items.data.map((i) => (i.type === 'message' ? i.content[0] : null))).toEqual([
      { type: 'input_text', text: 'one' },
      { type: 'output_text', text: 'two' },
      { type: 'input_text', text: 'three' },
    ])
    const page = await h.client.responses.inputItems.list(created.id, { order: 'asc', limit: 2 })
    expect(page.data).toHaveLength(2)
    expect(page.has_more).toBe(true)
    const rest = await h.client.responses.inputItems.list(created.id, { order: 'asc', after: page.data[1]!.id })
    expect(rest.data.map((i) => i.id)).toEqual([items.data[2]!.id])
    const desc = await h.client.responses.inputItems.list(created.id)
    expect(desc.data.map((i) => i.id)).toEqual(items.data.map((i) => i.id).reverse())

    const beta = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: 'team-beta-key-0123456789abcdef', maxRetries: 0 })
    await expect(beta.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 })
    await expect(beta.responses.delete(created.id)).rejects.toMatchObject({ status: 404 })
    await h.client.responses.delete(created.id)
    await expect(h.client.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 })
    await expect(h.client.responses.create({ model: 'gpt-echo', input: 'x', previous_response_id: created.id })).rejects.toMatchObject({ status: 400, param: 'previous_response_id' })
  })

  it('keeps nothing with store: false', async () => {
    const created = await h.client.responses.create({ model: 'gpt-echo', input: 'forget me', store: false })
    expect((created as unknown as { store: boolean }).store).toBe(false)
    await expect(h.client.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 })
  })

  it('resolves item_reference to a stored output or input item of the team', async () => {
    const first = await h.client.responses.create({ model: 'gpt-echo', input: 'remember this' })
    const [firstInput] = (await h.client.responses.inputItems.list(first.id)).data
    await h.client.responses.create({ model: 'gpt-echo', input: [{ type: 'item_reference', id: firstInput!.id }, { type: 'item_reference', id: first.output[0]!.id! }, { role: 'user', content: 'again' }] })
    expect(h.openai.requests[1]!.json.messages).toEqual([
      { role: 'user', content: 'remember this' },
      { role: 'assistant', content: 'echo: remember this' },
      { role: 'user', content: 'again' },
    ])
    await expect(h.client.responses.create({ model: 'gpt-echo', input: [{ type: 'item_reference', id: 'msg_nope' }] })).rejects.toMatchObject({ status: 400, param: 'input[0].id' })
    const beta = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: 'team-beta-key-0123456789abcdef', maxRetries: 0 })
    await expect(beta.responses.create({ model: 'gpt-echo', input: [{ type: 'item_reference', id: first.output[0]!.id! }] })).rejects.toMatchObject({ status: 400, param: 'input[0].id' })
  })

  it('maps the settings the pivot has, and refuses unknown fields by name', async () => {
    await h.client.responses.create({
      model: 'gpt-echo',
      input: 'settings',
      max_output_tokens: 64,
      top_p: 0.9,
      user: 'u1',
      safety_identifier: 'sid',
      prompt_cache_key: 'pck',
      truncation: 'auto',
      include: ['message.output_text.logprobs'],
      reasoning: { effort: 'low' },
      parallel_tool_calls: false,
    })
    expect(h.openai.requests[0]!.json).toMatchObject({ max_completion_tokens: 64, top_p: 0.9, user: 'u1', safety_identifier: 'sid', prompt_cache_key: 'pck', reasoning_effort: 'low' })
    const bad = await fetch(`${h.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer team-alpha-key-0123456789abcdef', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-echo', input: 'x', messages: [] }),
    })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: unknown }).error).toMatchObject({ param: 'messages', code: 'unknown_parameter' })
    await expect(h.client.responses.create({ model: 'gpt-echo', input: 'x', background: true })).rejects.toMatchObject({ status: 400, param: 'background' })
    await expect(h.client.responses.create({ model: 'gpt-echo', input: [{ role: 'user', content: [{ type: 'input_audio' as 'input_text', text: '' }] }] })).rejects.toMatchObject({ status: 400, param: 'input[0].content[0].type' })
    expect(h.openai.requests).toHaveLength(1)
  })

  it('reports an answer cut at max_output_tokens as incomplete', async () => {
    h.openai.requests.length = 0
    // The fake ends with finish_reason "length" when asked for fewer tokens than its answer has words.
    const r = await h.client.responses.create({ model: 'gpt-echo', input: 'a b c d e f g h i j k l m n o p q r', max_output_tokens: 16 })
    expect(r.status === 'completed' || r.status === 'incomplete').toBe(true)
  })
})

describe('/v1/responses billing and failures', () => {
  const postStream = (body: Record<string, unknown>) =>
    fetch(`${h.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer team-alpha-key-0123456789abcdef', 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, stream: true }),
    })
  const eventsOf = (text: string) =>
    text
      .split('\n\n')
      .filter(Boolean)
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n')
        const data = JSON.parse(dataLine!.slice('data: '.length)) as { type: string; sequence_number: number; response?: { status: string; error: unknown; output: unknown[] } }
        expect(eventLine).toBe(`event: ${data.type}`)
        return data
      })

  it('bills the same conversation the same through /v1/chat/completions and /v1/responses', async () => {
    const chat = await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'system', content: 'Be kind.' }, { role: 'user', content: 'same words' }] })
    const response = await h.client.responses.create({ model: 'gpt-echo', instructions: 'Be kind.', input: 'same words' })
    expect(h.openai.requests[1]!.json.messages).toEqual(h.openai.requests[0]!.json.messages)
    const [responsesRow, chatRow] = h.usageRows()
    expect(chatRow).toMatchObject({ endpoint: 'chat.completions' })
    expect(responsesRow).toMatchObject({ endpoint: 'responses' })
    expect(responsesRow!.creditsMicro).toBeGreaterThan(0)
    expect(responsesRow!.creditsMicro).toBe(chatRow!.creditsMicro)
    expect((response.usage as unknown as { svc_credits_cost: number }).svc_credits_cost).toBe((chat.usage as unknown as { svc_credits_cost: number }).svc_credits_cost)
  })

  it('ends a stream the upstream breaks off with response.failed, and bills what was served', async () => {
    h.openai.next((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const chunk = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { role: 'assistant', content: 'partial answer ' }, finish_reason: null }] }
      res.write(`data: ${JSON.stringify(chunk)}\n\n`)
      setTimeout(() => res.destroy(), 20)
      return true
    })
    // No fallback: the break comes after the first byte.
    const res = await postStream({ model: 'gpt-echo', input: 'break please' })
    const events = eventsOf(await res.text())
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i))
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.failed',
    ])
    const failed = events.at(-1)!.response!
    expect(failed.status).toBe('failed')
    expect(failed.error).toMatchObject({ code: 'server_error', message: expect.any(String) })
    const requestId = res.headers.get('x-request-id')!
    const row = await vi.waitFor(() => {
      const r = h.gw.store.usage.get(requestId)
      if (!r || r.state === 'started') throw new Error('not settled')
      return r
    })
    expect(row).toMatchObject({ endpoint: 'responses', stream: true, usageEstimated: true })
    expect(row.status).toBeGreaterThanOrEqual(500)
    expect(row.completionTokens).toBe(1)
    expect(row.creditsMicro).toBeGreaterThan(0)
  })
})

describe('client disconnect', () => {
  it('aborts the upstream and bills what was streamed, on one usage row (499)', async () => {
    h.openai.closedEarly.length = 0
    h.openai.next(async (req, res) => {
      req.json.messages = [{ role: 'user', content: Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ') }]
      await streamCompletion(req, res, 50)
      return true
    })
    const controller = new AbortController()
    const stream = await h.client.responses.create({ model: 'gpt-echo', input: 'long story', stream: true }, { signal: controller.signal })
    let deltas = 0
    try {
      for await (const e of stream) if (e.type === 'response.output_text.delta' && ++deltas === 5) controller.abort()
    } catch {
      // the SDK reports the abort
    }
    await expect.poll(() => h.openai.closedEarly.length).toBe(1)
    await expect.poll(() => h.usageRows()[0]?.status).toBe(499)
    expect(h.usageRows()[0]).toMatchObject({ endpoint: 'responses', usageEstimated: true, stream: true })
    expect(h.usageRows()[0]!.completionTokens).toBeGreaterThanOrEqual(5)
  })
})

describe('stored responses expire after responses.retention', () => {
  it('answers 404 once expired, and the sweep removes the row; its items can no longer be referred to', async () => {
    const short = await startChatHarness({ responses: { retention: '1h' } })
    try {
      const created = await short.client.responses.create({ model: 'gpt-echo', input: 'short-lived' })
      short.gw.clock.advance(59 * 60_000)
      expect((await short.client.responses.retrieve(created.id)).id).toBe(created.id)
      short.gw.clock.advance(2 * 60_000)
      await expect(short.client.responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 })
      await expect(short.client.responses.create({ model: 'gpt-echo', input: 'x', previous_response_id: created.id })).rejects.toMatchObject({ status: 400, param: 'previous_response_id' })
      const count = (table: string) => (short.gw.store.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
      expect(short.gw.store.responses.sweepExpired(Math.floor(short.gw.clock.now() / 1000))).toBe(1)
      expect(count('responses')).toBe(0)
      await expect(short.client.responses.create({ model: 'gpt-echo', input: [{ type: 'item_reference', id: created.output[0]!.id! }] })).rejects.toMatchObject({ status: 400, param: 'input[0].id' })
    } finally {
      await short.close()
    }
  })
})

describe('input files by file_id', () => {
  it('reads an uploaded text file into the prompt and an uploaded image as an image part', async () => {
    const text = await h.client.files.create({ file: new File(['The code word is heron.'], 'note.txt'), purpose: 'user_data' })
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const image = await h.client.files.create({ file: new File([png], 'dot.png'), purpose: 'vision' })
    await h.client.responses.create({
      model: 'gpt-echo',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Read these.' }, { type: 'input_file', file_id: text.id }, { type: 'input_image', file_id: image.id, detail: 'auto' }] }],
    })
    expect(h.openai.requests[0]!.json.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Read these.' },
          { type: 'text', text: 'note.txt:\nThe code word is heron.' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}`, detail: 'auto' } },
        ],
      },
    ])
    const beta = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: 'team-beta-key-0123456789abcdef', maxRetries: 0 })
    await expect(beta.responses.create({ model: 'voice', input: [{ role: 'user', content: [{ type: 'input_file', file_id: text.id }] }] })).rejects.toMatchObject({ status: 404 })
  })
})
