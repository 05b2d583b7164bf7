import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-error'
import { chatPath, runChat } from './chat-client'
import { applyChunk } from './chat-result'
import type { ChatChunk } from './chat-types'
import { createSseParser } from './sse-parser'

const conn = { mode: 'web' as const, baseUrl: 'http://127.0.0.1:4310' }
afterEach(() => vi.unstubAllGlobals())

const chunk = (delta: ChatChunk['choices'][number]['delta'], extra: Partial<ChatChunk['choices'][number]> = {}): ChatChunk => ({
  id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, finish_reason: null, delta, ...extra }],
})

function sseResponse(events: string[], headers: Record<string, string> = {}, splitAt = 7) {
  const text = events.map((e) => `data: ${e}\n\n`).join('')
  const parts = text.match(new RegExp(`[\\s\\S]{1,${splitAt}}`, 'g'))!
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(new TextEncoder().encode(p))
      c.close()
    },
  })
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', ...headers } })
}

describe('createSseParser', () => {
  it('joins data lines per event across arbitrary chunk borders, CRLF included, ignoring comments', () => {
    const got: string[] = []
    const p = createSseParser((d) => got.push(d))
    for (const piece of [': keep-alive\r\n\r\nda', 'ta: {"a":1}\r', '\n\r\ndata: x\ndata: y\n', '\ndata: [DONE]']) p.feed(piece)
    p.end()
    expect(got).toEqual(['{"a":1}', 'x\ny', '[DONE]'])
  })

  it('names each event by its event: line, message when it has none', () => {
    const got: [string, string][] = []
    const p = createSseParser((d, e) => got.push([e, d]))
    p.feed('event: progress\ndata: {"n":1}\n\ndata: plain\n\nevent: installed\ndata: {}\n\n')
    expect(got).toEqual([['progress', '{"n":1}'], ['message', 'plain'], ['installed', '{}']])
  })
})

describe('applyChunk', () => {
  it('concatenates content, tool-call arguments by index, logprobs and audio; keeps the finish reason', () => {
    let choices = applyChunk([], chunk({ role: 'assistant', content: 'Hel' }))
    choices = applyChunk(choices, chunk({ content: 'lo' }, { logprobs: { content: [{ token: 'lo', logprob: -0.1, bytes: null, top_logprobs: [] }] } }))
    choices = applyChunk(choices, chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_', arguments: '{"ci' } }] }))
    choices = applyChunk(choices, chunk({ tool_calls: [{ index: 0, function: { name: 'weather', arguments: 'ty":"Paris"}' } }] }))
    choices = applyChunk(choices, chunk({ audio: { id: 'au_1', data: 'AAA', transcript: 'Hel' } }))
    choices = applyChunk(choices, chunk({ audio: { data: 'BBB', transcript: 'lo' } }, { finish_reason: 'tool_calls' }))
    expect(choices[0]).toEqual({
      index: 0,
      content: 'Hello',
      refusal: null,
      toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      finishReason: 'tool_calls',
      logprobs: [{ token: 'lo', logprob: -0.1, bytes: null, top_logprobs: [] }],
      audio: { id: 'au_1', data: 'AAABBB', transcript: 'Hello' },
    })
  })

  it('creates choices as their index appears (n > 1)', () => {
    const c = applyChunk([], { ...chunk({ content: 'b' }), choices: [{ index: 1, finish_reason: null, delta: { content: 'b' } }] })
    expect(c.map((x) => x.content)).toEqual(['', 'b'])
  })
})

describe('runChat', () => {
  it('streams: reports each update, reads the gateway headers, takes usage from the last chunk', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      sseResponse([JSON.stringify(chunk({ role: 'assistant', content: 'Hi' })), JSON.stringify(chunk({ content: ' there' }, { finish_reason: 'stop' })), JSON.stringify({ ...chunk({}), choices: [], usage: { prompt_tokens: 2, completion_tokens: 2, total_tokens: 4, svc_credits_cost: 0.5 } }), '[DONE]'], {
        'x-svc-model-id': 'mid-1',
        'x-svc-completion-time-ms': '15',
        'x-svc-fallbacks-used': 'gpt-a, gpt-b',
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const updates: string[] = []
    let t = 0
    const r = await runChat(conn, { model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }], stream: true }, { apiKey: 'k', fallbacks: 'off', onUpdate: (c) => updates.push(c[0]!.content), now: () => (t += 10) })
    expect(fetchMock.mock.calls[0]![0]).toBe('http://127.0.0.1:4310/v1/chat/completions?fallbacks=false')
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).toMatchObject({ authorization: 'Bearer k' })
    expect(updates).toEqual(['Hi', 'Hi there', 'Hi there'])
    expect(r.choices[0]!.content).toBe('Hi there')
    expect(r.meta).toMatchObject({ modelId: 'mid-1', serverMs: 15, fallbacksUsed: ['gpt-a', 'gpt-b'], responseModel: 'gpt-4o-mini', usage: { svc_credits_cost: 0.5 }, stopped: false })
    expect(r.meta.firstTokenMs).toBeGreaterThan(0)
  })

  it('returns JSON completions, and turns an error body into an ApiError with its message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ id: 'x', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: '{"a":1}', refusal: null } }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })))
    const r = await runChat(conn, { model: 'm', messages: [] }, { apiKey: 'k' })
    expect(r.choices[0]!.content).toBe('{"a":1}')
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { message: 'temperature: must be at most 2', type: 'invalid_request_error', param: 'temperature', code: 'invalid_value' } }, { status: 400 })))
    const err = await runChat(conn, { model: 'm', messages: [] }, { apiKey: 'k' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 400, message: 'temperature: must be at most 2', param: 'temperature' })
  })

  it('builds the path with the fallbacks query only when chosen', () => {
    expect(chatPath()).toBe('/v1/chat/completions')
    expect(chatPath('on')).toBe('/v1/chat/completions?fallbacks=true')
  })
})

describe('ApiError', () => {
  it('tells a route the gateway lacks (404 unknown_route) from a missing row', async () => {
    const { errorFromResponse } = await import('./api-error')
    const route = await errorFromResponse(Response.json({ error: { message: 'No route POST /v1/audio/speech.', type: 'not_found_error', code: 'unknown_route' } }, { status: 404 }))
    expect(route.isMissingEndpoint).toBe(true)
    const row = await errorFromResponse(Response.json({ error: { message: 'No conversation', code: 'conversation_not_found' } }, { status: 404 }))
    expect(row.isMissingEndpoint).toBe(false)
    const html = await errorFromResponse(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }))
    expect(html.message).toBe('The gateway answered 502 Bad Gateway')
  })
})
