import type Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TEAM_KEY } from '../../../../test/support/harness'
import { startMessagesHarness, type MessagesHarness } from '../../../../test/support/messages-harness'

/** /v1/messages on a model that does not speak Messages (gpt-echo, an OpenAI-type upstream): translated through the chat pivot. */
let h: MessagesHarness
beforeAll(async () => {
  h = await startMessagesHarness()
})
afterAll(async () => h.close())
beforeEach(() => {
  h.openai.requests.length = 0
  h.anthropic.requests.length = 0
})

const weather: Anthropic.Tool = { name: 'get_weather', description: 'Weather of a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }

describe('Messages front on an OpenAI-type model', () => {
  it('messages.create: system (string, blocks and a mid-conversation system turn), text, usage and stop reason', async () => {
    const { data: message, response } = await h.client.messages
      .create(
        // temperature: the API takes it; this SDK version's types no longer list it.
        {
          model: 'gpt-echo',
          max_tokens: 100,
          system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
          temperature: 0.5,
          stop_sequences: ['###'],
          metadata: { user_id: 'user-42' },
          messages: [
            { role: 'user', content: 'first' },
            { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
            // Claude Code 2.1 puts system turns inside messages (beta mid-conversation-system-2026-04-07).
            { role: 'system', content: 'The user prefers French.' } as unknown as Anthropic.MessageParam,
            { role: 'user', content: [{ type: 'text', text: 'hello there' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }] },
          ],
        } as Anthropic.MessageCreateParamsNonStreaming,
        { headers: { 'anthropic-beta': 'mid-conversation-system-2026-04-07,some-future-beta-2099-01-01' } },
      )
      .withResponse()
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: 'gpt-echo', stop_reason: 'end_turn', stop_sequence: null })
    expect(message.id).toMatch(/^msg_/)
    expect(message.content).toEqual([{ type: 'text', text: expect.stringContaining('hello there') }])
    expect(message.usage.input_tokens).toBeGreaterThan(0)
    expect(message.usage.output_tokens).toBeGreaterThan(0)
    const sent = h.openai.requests[0]!.json as { messages: Array<{ role: string; content: unknown }>; max_completion_tokens?: number; max_tokens?: number; stop: string[]; user: string; temperature: number }
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'system', 'user'])
    expect(sent.messages[0]!.content).toBe('Be brief.')
    expect(sent.messages[4]!.content).toEqual([{ type: 'text', text: 'hello there' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }])
    expect(sent).toMatchObject({ stop: ['###'], user: 'user-42', temperature: 0.5 })
    expect(sent.max_completion_tokens ?? sent.max_tokens).toBe(100)
    expect(response.headers.get('x-svc-model-id')).toBe(h.gw.store.models.getByName('gpt-echo')!.id)
    expect(await h.rowOf(response.headers.get('x-request-id'))).toMatchObject({ endpoint: 'messages', modelName: 'gpt-echo', status: 200 })
  })

  it('a tool round trip: tool_use with stop_reason tool_use, then tool_result (is_error kept) answered as text', async () => {
    const first = await h.client.messages.create({ model: 'gpt-echo', max_tokens: 100, tools: [weather], tool_choice: { type: 'any' }, messages: [{ role: 'user', content: 'Weather in Paris?' }] })
    expect(first.stop_reason).toBe('tool_use')
    const call = first.content.find((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use')!
    expect(call).toMatchObject({ name: 'get_weather', input: { city: 'Paris' } })
    expect(h.openai.requests[0]!.json).toMatchObject({ tool_choice: 'required', tools: [{ type: 'function', function: { name: 'get_weather', parameters: weather.input_schema } }] })

    const second = await h.client.messages.create({
      model: 'gpt-echo',
      max_tokens: 100,
      tools: [weather],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'station offline', is_error: true }] },
      ],
    })
    expect(second.stop_reason).toBe('end_turn')
    expect(second.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('Error: station offline') })
    const sent = h.openai.requests[1]!.json as { messages: Array<Record<string, unknown>> }
    expect(sent.messages[1]).toMatchObject({ role: 'assistant', tool_calls: [{ id: call.id, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city: 'Paris' }) } }] })
    expect(sent.messages[2]).toEqual({ role: 'tool', tool_call_id: call.id, content: 'Error: station offline' })
  })

  it('messages.stream: the event sequence with ping, text deltas and a final message with usage', async () => {
    const stream = h.client.messages.stream({ model: 'gpt-echo', max_tokens: 100, messages: [{ role: 'user', content: 'stream me please' }] })
    const types: string[] = []
    stream.on('streamEvent', (event) => types.push(event.type))
    let text = ''
    stream.on('text', (delta) => (text += delta))
    const final = await stream.finalMessage()
    expect(text).toBe('echo: stream me please')
    expect(final).toMatchObject({ stop_reason: 'end_turn', content: [{ type: 'text', text: 'echo: stream me please' }] })
    expect(final.usage.output_tokens).toBeGreaterThan(0)
    expect(final.usage.input_tokens).toBeGreaterThan(0)
    expect(types[0]).toBe('message_start')
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop'])
    expect(types.filter((t) => t === 'content_block_delta').length).toBeGreaterThan(1)
  })

  it('a stream the upstream cuts off ends with an error event in Anthropic\'s shape, and the row says so', async () => {
    h.openai.next((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(`data: ${JSON.stringify({ id: 'chatcmpl-x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'partial ' }, finish_reason: null }] })}\n\n`)
      setTimeout(() => res.destroy(), 20)
      return true
    })
    const res = await h.post(JSON.stringify({ model: 'gpt-echo', max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'x' }] }))
    expect(res.status).toBe(200)
    const events = (await res.text()).split('\n\n').filter(Boolean).map((e) => e.split('\n')[0]!.replace('event: ', ''))
    expect(events.slice(0, 4)).toEqual(['message_start', 'ping', 'content_block_start', 'content_block_delta'])
    expect(events.at(-1)).toBe('error')
    expect(events).not.toContain('message_stop')
    expect((await h.rowOf(res.headers.get('x-request-id'))).status).toBeGreaterThanOrEqual(500)
  })

  it('streams a tool call as tool_use with input_json_delta', async () => {
    const stream = h.client.messages.stream({ model: 'gpt-echo', max_tokens: 100, tools: [weather], messages: [{ role: 'user', content: 'Weather?' }] })
    const deltas: string[] = []
    stream.on('inputJson', (partial) => deltas.push(partial))
    const final = await stream.finalMessage()
    expect(final.stop_reason).toBe('tool_use')
    expect(final.content).toEqual([{ type: 'tool_use', id: 'call_0', name: 'get_weather', input: { city: 'Paris' } }])
    expect(deltas.join('')).toBe(JSON.stringify({ city: 'Paris' }))
  })

  it('messages.countTokens answers an estimate, marked in x-svc-token-count', async () => {
    const { data, response } = await h.client.messages.countTokens({ model: 'gpt-echo', messages: [{ role: 'user', content: 'count these words for me' }], tools: [weather] }).withResponse()
    expect(data.input_tokens).toBeGreaterThan(5)
    expect(response.headers.get('x-svc-token-count')).toBe('estimated')
  })

  it('charges the same credits as the same exchange through chat completions', async () => {
    const viaMessages = await h.client.messages.create({ model: 'gpt-echo', max_tokens: 50, messages: [{ role: 'user', content: 'same exchange' }] }).withResponse()
    const viaChat = await fetch(`${h.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-echo', max_completion_tokens: 50, messages: [{ role: 'user', content: 'same exchange' }] }),
    })
    const a = await h.rowOf(viaMessages.response.headers.get('x-request-id'))
    const b = await h.rowOf(viaChat.headers.get('x-request-id'))
    expect(h.openai.requests[0]!.json.messages).toEqual(h.openai.requests[1]!.json.messages)
    expect(a.promptTokens).toBe(b.promptTokens)
    expect(a.completionTokens).toBe(b.completionTokens)
    expect(a.creditsMicro).toBe(b.creditsMicro)
  })

  it('refuses what only Anthropic models take with a 400 naming the field', async () => {
    const res = await h.post(JSON.stringify({ model: 'gpt-echo', max_tokens: 10, tools: [{ type: 'web_search_20250305', name: 'web_search' }], messages: [{ role: 'user', content: 'x' }] }))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringMatching(/^tools\.0\.type/) } })
  })
})

describe('Messages on an Anthropic-type model with a mid-conversation system turn', () => {
  it('passes the body as sent (role "system" inside messages included)', async () => {
    const raw = JSON.stringify({ model: 'claude-haiku-4-5-20251001', max_tokens: 10, messages: [{ role: 'user', content: 'a' }, { role: 'system', content: 'be terse' }, { role: 'user', content: 'b' }] })
    const res = await h.post(raw, { 'anthropic-beta': 'mid-conversation-system-2026-04-07' })
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    expect(h.anthropic.requests[0]!.raw.toString('utf8')).toBe(raw)
    expect(h.openai.requests).toHaveLength(0)
  })
})

describe('GET /v1/models for Anthropic clients', () => {
  it('answers in Anthropic\'s shape when the request carries anthropic-version', async () => {
    const page = await h.client.models.list()
    const ids = page.data.map((m) => m.id)
    expect(ids).toContain('gpt-echo')
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: expect.any(String), created_at: expect.stringMatching(/^\d{4}-/) })
    const raw = (await (await fetch(`${h.url}/v1/models`, { headers: { 'x-api-key': TEAM_KEY, 'anthropic-version': '2023-06-01' } })).json()) as Record<string, unknown>
    expect(raw).toMatchObject({ has_more: false, first_id: ids[0], last_id: ids[ids.length - 1] })
    expect(await h.client.models.retrieve('gpt-echo')).toMatchObject({ type: 'model', id: 'gpt-echo' })
  })
})
