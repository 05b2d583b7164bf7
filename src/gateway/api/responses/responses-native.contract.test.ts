import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { nativeResponseFor, NATIVE_RESPONSE_USAGE } from '../../../../test/support/fake-openai'
import { sleep } from '../../../../test/support/fake-upstream'
import { admin, TEAM_KEY } from '../../../../test/support/harness'

// gpt-echo: upstream gpt-4o-mini, 1000 credits per 1M input tokens and 2000 per 1M output (no cached price).
const BILLED_MICRO = NATIVE_RESPONSE_USAGE.input_tokens * 1000 + NATIVE_RESPONSE_USAGE.output_tokens * 2000

let h: ChatHarness
let client: OpenAI
const sent: string[] = []
beforeAll(async () => {
  h = await startChatHarness({}, { responses: 'native' })
  // The official client, with the bytes it sends recorded, to compare with what reached the upstream.
  client = new OpenAI({
    baseURL: `${h.url}/v1`,
    apiKey: TEAM_KEY,
    maxRetries: 0,
    fetch: async (url, init) => {
      if (typeof init?.body === 'string') sent.push(init.body)
      return fetch(url, init)
    },
  })
})
afterAll(async () => h.close())
beforeEach(() => {
  h.openai.requests.length = 0
  sent.length = 0
})

const upstreamModel = (body: string) => body.replace('"model":"gpt-echo"', '"model":"gpt-4o-mini"')
const post = (body: string) => fetch(`${h.url}/v1/responses`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' }, body })

describe('POST /v1/responses to a provider with responses: native (passthrough)', () => {
  it('sends the body byte for byte but the model, relays the answer, and bills its usage in one usage row', async () => {
    const before = h.gw.store.company.balanceMicro()
    const { data, response } = await client.responses.create({ model: 'gpt-echo', input: 'hello there', instructions: 'Be kind.', metadata: { project: 'atlas' } }).withResponse()
    expect(h.openai.requests).toHaveLength(1)
    const got = h.openai.requests[0]!
    expect(got.url).toBe('/v1/responses')
    expect(got.raw.toString('utf8')).toBe(upstreamModel(sent[0]!))
    expect(got.headers.authorization).toBe('Bearer sk-upstream-secret-openai')
    expect(data).toMatchObject(nativeResponseFor(JSON.parse(upstreamModel(sent[0]!))))
    expect(data.output_text).toBe('native: hello there')
    expect(response.headers.get('x-svc-model-id')).toBe(h.model('gpt-echo').id)
    expect(response.headers.get('x-request-id')).toBe('req_upstream_native')
    expect(before - h.gw.store.company.balanceMicro()).toBe(BILLED_MICRO)
    const rows = h.usageRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ endpoint: 'responses', status: 200, modelName: 'gpt-echo', stream: false, promptTokens: 12, completionTokens: 5, cachedTokens: 4, creditsMicro: BILLED_MICRO, metadata: { project: 'atlas' } })
  })

  it('keeps every byte of a body the gateway would never write itself: spacing, key order, escapes, fields it does not know', async () => {
    const raw = '{ "input" : "caf\\u00e9 \u{1F600}",\n  "background": false, "model":"gpt-echo", "x_vendor": {"deep": [1, 2.50, null]} }'
    const res = await post(raw)
    expect(res.status).toBe(200)
    expect(h.openai.requests[0]!.raw.toString('utf8')).toBe(raw.replace('"model":"gpt-echo"', '"model":"gpt-4o-mini"'))
  })

  it('relays the typed event stream exactly as the upstream wrote it, and the SDK reads it', async () => {
    const stream = client.responses.stream({ model: 'gpt-echo', input: 'stream me' })
    const types: string[] = []
    let text = ''
    for await (const e of stream) {
      types.push(e.type)
      if (e.type === 'response.output_text.delta') text += e.delta
    }
    const final = await stream.finalResponse()
    expect(types[0]).toBe('response.created')
    expect(types.at(-1)).toBe('response.completed')
    expect(final.output_text).toBe('native: stream me')
    expect(text).toBe(final.output_text)
    expect(h.openai.requests[0]!.raw.toString('utf8')).toBe(upstreamModel(sent[0]!))
    const row = h.usageRows()[0]!
    expect(row).toMatchObject({ endpoint: 'responses', status: 200, stream: true, promptTokens: 12, completionTokens: 5, cachedTokens: 4, creditsMicro: BILLED_MICRO })

    // Byte for byte: the gateway's stream is the upstream's own.
    const body = JSON.stringify({ model: 'gpt-echo', input: 'stream me', stream: true })
    const viaGateway = await (await post(body)).text()
    const direct = await (await fetch(`${h.openai.url}/v1/responses`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: upstreamModel(body) })).text()
    expect(viaGateway).toBe(direct)
  })

  it('passes previous_response_id through to the upstream, which keeps those responses; the gateway stores none', async () => {
    const first = await client.responses.create({ model: 'gpt-echo', input: 'one' })
    const second = await client.responses.create({ model: 'gpt-echo', input: 'two', previous_response_id: first.id })
    expect(second.previous_response_id).toBe(first.id)
    expect(h.openai.requests[1]!.json.previous_response_id).toBe(first.id)
    await expect(client.responses.retrieve(first.id)).rejects.toMatchObject({ status: 404 })
  })

  it('answers an upstream refusal with its own status and body, billed nothing', async () => {
    h.openai.next((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: "Unsupported parameter: 'foo'.", type: 'invalid_request_error', param: 'foo', code: 'unsupported_parameter' } }))
      return true
    })
    await expect(client.responses.create({ model: 'gpt-echo', input: 'x', foo: 1 } as never)).rejects.toMatchObject({ status: 400, param: 'foo' })
    await expect.poll(() => h.usageRows()[0]?.status).toBe(400)
    expect(h.usageRows()[0]).toMatchObject({ endpoint: 'responses', status: 400, creditsMicro: 0 })
  })

  it('aborts the upstream when the client leaves mid-stream, on one usage row (499)', async () => {
    h.openai.closedEarly.length = 0
    h.openai.next(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const started = nativeResponseFor({ model: 'gpt-4o-mini', input: 'long' }, 'in_progress')
      res.write(`event: response.created\ndata: ${JSON.stringify({ type: 'response.created', response: started, sequence_number: 0 })}\n\n`)
      for (let i = 1; i < 200 && !res.destroyed; i++) {
        res.write(`event: response.output_text.delta\ndata: ${JSON.stringify({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: `w${i} `, sequence_number: i })}\n\n`)
        await sleep(20)
      }
      res.end()
      return true
    })
    const controller = new AbortController()
    const stream = await client.responses.create({ model: 'gpt-echo', input: 'long', stream: true }, { signal: controller.signal })
    let deltas = 0
    try {
      for await (const e of stream) if (e.type === 'response.output_text.delta' && ++deltas === 3) controller.abort()
    } catch {
      // the SDK reports the abort
    }
    await expect.poll(() => h.openai.closedEarly.length).toBe(1)
    await expect.poll(() => h.usageRows()[0]?.status).toBe(499)
    expect(h.usageRows()[0]).toMatchObject({ endpoint: 'responses', stream: true })
  })

  it('goes through the chat pivot for a provider without responses: native', async () => {
    const pivot = await startChatHarness()
    try {
      const data = await pivot.client.responses.create({ model: 'gpt-echo', input: 'hi' })
      expect(data.output_text).toBe('echo: hi')
      expect(pivot.openai.requests[0]!.url).toBe('/v1/chat/completions')
    } finally {
      await pivot.close()
    }
  })
})

describe('responses: native through the admin API', () => {
  const call = (method: 'POST' | 'PATCH', url: string, payload: object) => h.gw.app.inject({ method, url, headers: admin, payload })

  it('turns the passthrough on for an openai-type provider, and refuses it on another type naming the field', async () => {
    const created = await call('POST', '/admin/providers', { id: 'own-openai', type: 'openai', base_url: `${h.openai.url}/v1`, responses: 'native' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ id: 'own-openai', responses: 'native' })
    const patched = await call('PATCH', '/admin/providers/own-openai', { responses: 'pivot' })
    expect(patched.json()).toMatchObject({ responses: 'pivot' })
    const refused = await call('POST', '/admin/providers', { id: 'own-anthropic', type: 'anthropic', responses: 'native' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toMatchObject({ param: 'responses' })
  })
})
