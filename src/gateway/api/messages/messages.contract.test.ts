import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sleep } from '../../../../test/support/fake-upstream'
import { locateTopLevelValue } from '../../services/messages/locate-top-level-value'
import { readFixture, requestFixtures } from '../../services/messages/fixtures/messages-fixtures'
import { PRICING, SONNET, startMessagesHarness, type MessagesHarness } from '../../../../test/support/messages-harness'

let h: MessagesHarness
beforeAll(async () => {
  h = await startMessagesHarness()
})
afterAll(async () => h.close())
beforeEach(() => {
  h.anthropic.requests.length = 0
  h.sent.length = 0
  h.sentHeaders.length = 0
})

const CONFIGURED = new Set([SONNET, 'claude-opus-4-1-20250805', 'claude-3-7-sonnet-20250219', 'claude-haiku-4-5-20251001'])
const ALIASES: Record<string, string> = { 'sonnet-latest': SONNET, sonnet: SONNET, haiku: 'claude-haiku-4-5-20251001' }

describe('byte-faithful forwarding', () => {
  it.each(requestFixtures.map((f) => [f.file, f] as const))('forwards %s byte for byte (only an alias is spliced)', async (_file, fixture) => {
    const raw = readFixture(fixture.file)
    const res = await h.post(raw)
    expect(res.status, await res.clone().text()).toBe(200)
    await res.arrayBuffer()
    const upstream = h.anthropic.requests[0]!.raw
    if (CONFIGURED.has(fixture.model)) {
      expect(upstream.equals(raw)).toBe(true)
    } else {
      const span = locateTopLevelValue(raw, 'model')!
      const target = ALIASES[fixture.model]!
      expect(upstream.equals(Buffer.concat([raw.subarray(0, span.start), Buffer.from(JSON.stringify(target)), raw.subarray(span.end)]))).toBe(true)
    }
  })

  it('covers cache_control with both ttls on every block type the spec lists', () => {
    const seen = new Set(requestFixtures.flatMap((f) => f.cacheBreakpoints.map((b) => `${b.on}:${b.ttl ?? '5m'}`)))
    for (const on of ['system', 'text', 'image', 'document', 'tool_use', 'tool_result', 'search_result', 'server_tool_use', 'web_search_tool_result', 'tool', 'top-level']) {
      expect(seen.has(`${on}:5m`) || seen.has(`${on}:1h`), on).toBe(true)
    }
    expect([...seen].some((s) => s.endsWith(':1h'))).toBe(true)
  })

  it('sends exactly the SDK\'s bytes upstream, replaces the credential and passes anthropic-version and anthropic-beta', async () => {
    const message = await h.client.messages.create(
      {
        model: SONNET,
        max_tokens: 0,
        system: [{ type: 'text', text: 'A long, cacheable preamble.', cache_control: { type: 'ephemeral', ttl: '1h' } }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'warm the cache', cache_control: { type: 'ephemeral', ttl: '5m' } }] },
          { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm', signature: 'sig==' }] },
          { role: 'user', content: 'again' },
        ],
        tools: [{ name: 'lookup', input_schema: { type: 'object' }, cache_control: { type: 'ephemeral' } }],
      },
      { headers: { 'anthropic-beta': 'extended-cache-ttl-2025-04-11' } },
    )
    expect(message.content[0]).toMatchObject({ type: 'tool_use', name: 'lookup' })
    const upstream = h.anthropic.requests[0]!
    expect(upstream.raw.equals(h.sent[0]!)).toBe(true)
    expect(upstream.headers['x-api-key']).toBe('sk-ant-upstream-secret')
    expect(upstream.headers.authorization).toBeUndefined()
    expect(h.sentHeaders[0]!.get('anthropic-version')).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(upstream.headers['anthropic-version']).toBe(h.sentHeaders[0]!.get('anthropic-version'))
    expect(upstream.headers['anthropic-beta']).toBe('extended-cache-ttl-2025-04-11')
  })

  it('splices only the model value when the SDK names an alias', async () => {
    await h.client.messages.create({ model: 'sonnet', max_tokens: 10, messages: [{ role: 'user', content: 'alias "model": "sonnet"' }] })
    const expected = h.sent[0]!.toString('utf8').replace('"model":"sonnet"', `"model":"${SONNET}"`)
    expect(h.anthropic.requests[0]!.raw.toString('utf8')).toBe(expected)
  })

  it('relays the reply unchanged with request-id, and upstream errors with their status and body', async () => {
    const reply = await h.post(readFixture('requests/text-basic.json'))
    expect(reply.headers.get('request-id')).toBe('req_fake_json')
    expect(reply.headers.get('x-svc-model-id')).toBe(h.gw.store.models.getByName(SONNET)!.id)
    const errorBody = JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'messages: roles must alternate' } })
    h.anthropic.next((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json', 'request-id': 'req_upstream_err' }).end(errorBody)
      return true
    })
    const failed = await h.post(readFixture('requests/text-basic.json'))
    expect(failed.status).toBe(400)
    expect(failed.headers.get('request-id')).toBe('req_upstream_err')
    expect(await failed.text()).toBe(errorBody)
  })
})

describe('streaming', () => {
  it('arrives event for event, byte for byte, and the SDK reads it', async () => {
    const streamBytes = readFixture('streams/text-cache-creation.sse')
    h.anthropic.next((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'request-id': 'req_stream' })
      res.end(streamBytes)
      return true
    })
    const res = await h.post(JSON.stringify({ model: SONNET, max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'hi' }] }))
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    expect(Buffer.from(await res.arrayBuffer()).equals(streamBytes)).toBe(true)

    const stream = h.client.messages.stream({ model: SONNET, max_tokens: 100, messages: [{ role: 'user', content: 'stream please' }] })
    const final = await stream.finalMessage()
    expect(final.content[0]).toMatchObject({ type: 'text', text: 'claude: stream please' })
  })
})

describe('validation before any upstream call', () => {
  const base = { model: SONNET, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }
  const cc = (ttl?: string) => ({ type: 'ephemeral', ...(ttl ? { ttl } : {}) })
  const fiveBreakpoints = {
    ...base,
    system: [{ type: 'text', text: 'a', cache_control: cc() }, { type: 'text', text: 'b', cache_control: cc() }],
    messages: [{ role: 'user', content: [1, 2, 3].map((i) => ({ type: 'text', text: `t${i}`, cache_control: cc() })) }],
  }
  it.each([
    ['five breakpoints', fiveBreakpoints, /5 cache_control breakpoints/],
    ['a bad ttl', { ...base, cache_control: cc('10m') }, /ttl/],
    ['temperature 1.5', { ...base, temperature: 1.5 }, /temperature/],
    ['a negative max_tokens', { ...base, max_tokens: -1 }, /max_tokens/],
  ])('%s gets 400 in the Anthropic error shape', async (_name, body, message) => {
    const res = await h.post(JSON.stringify(body))
    expect(res.status).toBe(400)
    const json = (await res.json()) as { type: string; error: { type: string; message: string } }
    expect(json.type).toBe('error')
    expect(json.error.type).toBe('invalid_request_error')
    expect(json.error.message).toMatch(message)
    expect(h.anthropic.requests).toHaveLength(0)
  })

  it('answers an unknown model with 404 not_found_error, as Anthropic does', async () => {
    const res = await h.post(JSON.stringify({ ...base, model: 'claude-9' }))
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error', message: expect.stringMatching(/"claude-9" does not exist/) } })
    expect(h.anthropic.requests).toHaveLength(0)
  })

  it('refuses a missing key with 401 in the Anthropic shape', async () => {
    const res = await fetch(`${h.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(base) })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } })
  })
})

describe('usage, credits and fallbacks', () => {
  const cost = (u: { input: number; output: number; read: number; write: number }) =>
    u.input * PRICING.input + u.output * PRICING.output + u.read * PRICING.cached_input + u.write * PRICING.cache_write

  it('logs and bills cache creation and cache read tokens of a JSON reply', async () => {
    const response = readFixture('responses/message-cache-read-tool-use.json')
    const usage = JSON.parse(response.toString()).usage
    h.anthropic.next((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(response)
      return true
    })
    const before = h.gw.store.company.balanceMicro()
    const res = await h.post(readFixture('requests/text-basic.json'))
    expect(Buffer.from(await res.arrayBuffer()).equals(response)).toBe(true)
    const row = h.usageRows()[0]!
    expect(row).toMatchObject({ endpoint: 'messages', status: 200, cachedTokens: usage.cache_read_input_tokens, cacheCreationTokens: usage.cache_creation_input_tokens, completionTokens: usage.output_tokens })
    const expected = cost({ input: usage.input_tokens, output: usage.output_tokens, read: usage.cache_read_input_tokens, write: usage.cache_creation_input_tokens })
    expect(row.creditsMicro).toBe(expected)
    expect(before - h.gw.store.company.balanceMicro()).toBe(expected)
  })

  it('logs and bills cache tokens of a streamed reply, read from the events as they pass', async () => {
    h.anthropic.next((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' }).end(readFixture('streams/text-cache-creation.sse'))
      return true
    })
    // The recorded reply wrote 1896 tokens to the cache: the request carries a system prompt that long.
    const system = [{ type: 'text', text: 'Answer briefly. '.repeat(500), cache_control: { type: 'ephemeral' } }]
    const res = await h.post(JSON.stringify({ model: SONNET, max_tokens: 100, stream: true, system, messages: [{ role: 'user', content: 'hi' }] }))
    await res.arrayBuffer()
    const row = h.usageRows()[0]!
    expect(row).toMatchObject({ stream: true, status: 200, cacheCreationTokens: 1896, cachedTokens: 0 })
    expect(row.creditsMicro).toBe(cost({ input: 21, output: row.completionTokens, read: 0, write: 1896 }))
  })

  it('falls back before the first byte only to other Anthropic models', async () => {
    h.anthropic.next((_req, res) => {
      res.writeHead(529, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'busy' } }))
      return true
    })
    const res = await h.post(readFixture('requests/text-basic.json'))
    expect(res.status).toBe(200)
    expect(h.anthropic.requests.map((r) => r.json.model)).toEqual([SONNET, 'claude-haiku-4-5-20251001'])
    expect(h.openai.requests).toHaveLength(0)
    expect(res.headers.get('x-svc-fallbacks-used')).toBe(SONNET)
    expect(h.usageRows()[0]!.attempts.map((a) => a.status)).toEqual([529, 200])
  })

  it('treats a 200 that is not an event stream, when a stream was asked for, as a protocol error: the next Anthropic model answers', async () => {
    h.anthropic.next((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>captive portal</html>')
      return true
    })
    const res = await h.post(JSON.stringify({ model: SONNET, max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'hi' }] }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    await res.arrayBuffer()
    expect(h.anthropic.requests.map((r) => r.json.model)).toEqual([SONNET, 'claude-haiku-4-5-20251001'])
    // A stream's row is written with the group commit after its last event: waited for by request id.
    const row = await vi.waitFor(() => h.gw.store.usage.get(res.headers.get('x-request-id')!) ?? Promise.reject(new Error('no usage row yet')))
    expect(row.attempts[0]).toMatchObject({ model: SONNET, error: expect.stringMatching(/not server-sent events \("<html>captive portal<\/html>"\)/) })
  })

  it('answers 402 before forwarding when the balance is used up', async () => {
    const balance = h.gw.store.company.balanceMicro()
    h.gw.store.company.add(-balance)
    try {
      const res = await h.post(readFixture('requests/text-basic.json'))
      expect(res.status).toBe(402)
      expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'billing_error' } })
      expect(h.anthropic.requests).toHaveLength(0)
    } finally {
      h.gw.store.company.add(balance)
    }
  })

  it('aborts the upstream when the client leaves mid-stream and bills what message_start reported', async () => {
    h.anthropic.next(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(`event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { id: 'msg_x', type: 'message', role: 'assistant', model: SONNET, content: [], usage: { input_tokens: 500, output_tokens: 1, cache_read_input_tokens: 100, cache_creation_input_tokens: 0 } } })}\n\n`)
      for (let i = 0; i < 50 && !res.destroyed; i++) {
        res.write(`event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"w${i} "}}\n\n`)
        await sleep(100)
      }
      res.end()
      return true
    })
    h.anthropic.closedEarly.length = 0
    const controller = new AbortController()
    const res = await h.post(JSON.stringify({ model: SONNET, max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'long' }] }), {})
    const reader = res.body!.getReader()
    await reader.read()
    await reader.read()
    const abortedAt = Date.now()
    await reader.cancel()
    controller.abort()
    await expect.poll(() => h.anthropic.closedEarly.length, { timeout: 3000 }).toBe(1)
    expect(h.anthropic.closedEarly[0]! - abortedAt).toBeLessThan(1000)
    await expect.poll(() => h.usageRows()[0]?.status, { timeout: 3000 }).toBe(499)
    expect(h.usageRows()[0]).toMatchObject({ cachedTokens: 100, promptTokens: 600 })
    expect(h.usageRows()[0]!.creditsMicro).toBe(cost({ input: 500, output: 1, read: 100, write: 0 }))
  })
})

