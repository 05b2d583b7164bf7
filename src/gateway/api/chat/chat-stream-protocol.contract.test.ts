import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { TEAM_KEY } from '../../../../test/support/harness'

/**
 * An upstream that answers a stream request with 200 and something that is not a stream (an HTML
 * page, a whole JSON completion, JSON cut short) broke the protocol: before the first byte to the
 * client that falls back (or answers 502), after it the stream ends with an error event.
 */
let h: ChatHarness
beforeAll(async () => {
  h = await startChatHarness()
})
afterAll(async () => h.close())
beforeEach(() => {
  h.openai.requests.length = 0
  h.anthropic.requests.length = 0
})

const answer200 = (contentType: string, body: string) =>
  h.openai.next((_req, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': contentType }).end(body)
    return true
  })
const chunk = (content: string) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`
const BROKEN = {
  html: ['text/html', '<!doctype html><html><body>Bad gateway page</body></html>'],
  'a whole JSON completion': ['application/json', JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'hi' } }] })],
  'truncated JSON': ['text/event-stream', 'data: {"id":"c1","object":"chat.completion.chunk","choi'],
  'an empty stream': ['text/event-stream', ''],
  'an event that is not JSON': ['text/event-stream', 'data: <html>oops</html>\n\n'],
} as const

async function postStream(query = '') {
  return fetch(`${h.url}/v1/chat/completions${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-echo', messages: [{ role: 'user', content: 'protocol' }], stream: true }),
  })
}

describe('a stream request answered with something that is not a stream', () => {
  it.each(Object.entries(BROKEN))('falls back before the first byte on %s', async (_what, [type, body]) => {
    answer200(type, body)
    const res = await postStream()
    expect(res.status).toBe(200)
    expect(res.headers.get('x-svc-fallbacks-used')).toBe('gpt-echo')
    const text = await res.text()
    expect(text.trim().endsWith('data: [DONE]')).toBe(true)
    const said = text
      .split('\n\n')
      .filter((e) => e.startsWith('data: {'))
      .map((e) => (JSON.parse(e.slice(6)) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? '')
      .join('')
    expect(said).toBe('claude: protocol')
    const row = h.usageRows()[0]!
    expect(row.attempts.map((a) => [a.model, a.status])).toEqual([
      ['gpt-echo', 502],
      ['claude-echo', 200],
    ])
    expect(row.attempts[0]!.error).toMatch(/protocol|not a stream|server-sent events|ended/i)
  })

  it.each(Object.entries(BROKEN))('answers 502 with the protocol error, unbilled, without fallbacks on %s', async (_what, [type, body]) => {
    answer200(type, body)
    const balance = h.gw.store.company.balanceMicro()
    const res = await postStream('?fallbacks=false')
    expect(res.status).toBe(502)
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ type: 'upstream_error', code: 'upstream_protocol_error' })
    expect(h.usageRows()[0]).toMatchObject({ status: 502, creditsMicro: 0 })
    expect(h.gw.store.company.balanceMicro()).toBe(balance)
  })

  it('ends with an error event naming a protocol error when an invalid line follows the first chunk', async () => {
    answer200('text/event-stream', `${chunk('Hello')}data: {"id": "c1", "choices": [tru\n\n`)
    const res = await postStream('?fallbacks=false')
    expect(res.status).toBe(200)
    const events = (await res.text()).split('\n\n').filter(Boolean)
    expect(events[0]).toContain('Hello')
    const last = JSON.parse(events.at(-1)!.replace(/^data: /, ''))
    expect(last.error).toMatchObject({ type: 'upstream_error', code: 'upstream_protocol_error' })
    expect(last.error.message).not.toMatch(/could not be reached/)
  })

  it('ends with an error event when the stream stops before [DONE]', async () => {
    answer200('text/event-stream', `${chunk('Hello')}${chunk(' there')}`)
    const res = await postStream('?fallbacks=false')
    const events = (await res.text()).split('\n\n').filter(Boolean)
    expect(JSON.parse(events.at(-1)!.replace(/^data: /, '')).error.code).toBe('upstream_protocol_error')
  })

  it('does the same for /v1/messages streams: a 200 that is not a stream falls back or answers 502', async () => {
    h.anthropic.next((_req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy error</html>')
      return true
    })
    const res = await fetch(`${h.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': TEAM_KEY, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'claude-echo', max_tokens: 20, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    })
    expect(res.status).toBe(502)
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'api_error' } })
  })
})

describe('a Claude model streamed through chat completions, broken after its first text', () => {
  const claudeEvent = (data: Record<string, unknown>) => `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`
  const START = [
    claudeEvent({ type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-up', content: [], stop_reason: null, usage: { input_tokens: 12, output_tokens: 1 } } }),
    claudeEvent({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
    claudeEvent({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello' } }),
  ].join('')
  const answerClaude = (body: string) =>
    h.anthropic.next((_req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' }).end(body)
      return true
    })
  const streamClaude = () =>
    fetch(`${h.url}/v1/chat/completions?fallbacks=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-echo', messages: [{ role: 'user', content: 'protocol' }], stream: true }),
    })
  const eventsOf = async (res: Response) => (await res.text()).split('\n\n').filter(Boolean)

  it('sends the text that came, then an error event, when the stream stops before message_stop', async () => {
    answerClaude(START)
    const res = await streamClaude()
    expect(res.status).toBe(200)
    const events = await eventsOf(res)
    expect(events.some((e) => e.includes('Hello'))).toBe(true)
    const last = JSON.parse(events.at(-1)!.replace(/^data: /, ''))
    expect(last.error).toMatchObject({ type: 'upstream_error', code: 'upstream_protocol_error' })
    expect(last.error.message).toMatch(/message_stop/)
    expect(h.usageRows()[0]).toMatchObject({ status: 502, usageEstimated: true })
  })

  it('sends the text before an event that is not JSON, then an error event naming a protocol error', async () => {
    answerClaude(`${START}event: content_block_delta\ndata: {"type": "content_block_delta", "ind\n\n`)
    const res = await streamClaude()
    const events = await eventsOf(res)
    expect(events.some((e) => e.includes('Hello'))).toBe(true)
    const last = JSON.parse(events.at(-1)!.replace(/^data: /, ''))
    expect(last.error).toMatchObject({ type: 'upstream_error', code: 'upstream_protocol_error' })
    expect(last.error.message).toMatch(/not a JSON object/)
  })
})
