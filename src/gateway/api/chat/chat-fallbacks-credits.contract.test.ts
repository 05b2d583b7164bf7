import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { completionFor, streamCompletion } from '../../../../test/support/fake-openai'
import type { RecordedRequest } from '../../../../test/support/fake-upstream'
import { TEAM_KEY } from '../../../../test/support/harness'

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

describe('fallbacks', () => {
  it.each([503, 429])('moves to the next model when the first answers %i, and says which model answered', async (status) => {
    h.openai.failNext(status)
    const { data, response } = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('fall back') }).withResponse()
    expect(data.model).toBe('claude-echo')
    expect(data.choices[0]!.message.content).toBe('claude: fall back')
    expect(response.headers.get('x-svc-model-id')).toBe(h.model('claude-echo').id)
    expect(response.headers.get('x-svc-fallbacks-used')).toBe('gpt-echo')
    const row = h.usageRows()[0]!
    expect(row.attempts.map((a) => [a.model, a.status])).toEqual([
      ['gpt-echo', status === 429 ? 429 : 502],
      ['claude-echo', 200],
    ])
    expect(row.modelName).toBe('claude-echo')
  })

  it('moves on when the first upstream cannot be reached at all', async () => {
    h.openai.next((_req, res) => {
      res.socket?.destroy()
      return true
    })
    const data = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('reset') })
    expect(data.model).toBe('claude-echo')
  })

  it('falls back before the first streamed byte too', async () => {
    h.openai.failNext(500)
    const stream = h.client.chat.completions.stream({ model: 'gpt-echo', messages: user('streamed fallback') })
    const final = await stream.finalChatCompletion()
    expect(final.choices[0]!.message.content).toBe('claude: streamed fallback')
  })

  it('does not fall back with ?fallbacks=false', async () => {
    h.openai.failNext(503)
    const err = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('no') }, { query: { fallbacks: 'false' } }).catch((e) => e)
    expect(err.status).toBe(502)
    expect(err.message).toMatch(/up-openai.*503/)
    expect(h.anthropic.requests).toHaveLength(0)
  })

  it('does not fall back on a 400 from the upstream: the request itself is wrong', async () => {
    h.openai.failNext(400, { error: { message: 'bad things' } })
    const err = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('no') }).catch((e) => e)
    expect(err.status).toBe(400)
    expect(err.message).toMatch(/bad things/)
    expect(h.anthropic.requests).toHaveLength(0)
  })

  it('names a bad fallbacks query value', async () => {
    const err = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('no') }, { query: { fallbacks: 'maybe' } }).catch((e) => e)
    expect(err).toMatchObject({ status: 400, param: 'fallbacks' })
  })
})

describe('through the Anthropic provider', () => {
  it('translates a plain answer, and fans n: 3 out into three upstream calls', async () => {
    const data = await h.client.chat.completions.create({ model: 'claude', messages: user('hi'), n: 3 })
    expect(data.model).toBe('claude-echo')
    expect(data.choices.map((c) => c.index)).toEqual([0, 1, 2])
    expect(data.choices.every((c) => c.message.content === 'claude: hi' && c.logprobs !== undefined)).toBe(true)
    expect(h.anthropic.requests).toHaveLength(3)
    expect(h.anthropic.requests[0]!.headers['x-api-key']).toBe('sk-ant-upstream-secret')
    expect(data.usage!.prompt_tokens).toBe(36)
  })

  it('streams a tool call back as chat chunks', async () => {
    const tools = [{ type: 'function' as const, function: { name: 'lookup', parameters: { type: 'object', properties: {} } } }]
    const stream = h.client.chat.completions.stream({ model: 'claude-echo', messages: user('use the tool'), tools })
    const final = await stream.finalChatCompletion()
    expect(final.choices[0]!.finish_reason).toBe('tool_calls')
    expect(final.choices[0]!.message.tool_calls![0]).toMatchObject({ id: 'toolu_fake1', function: { name: 'lookup', arguments: '{"city":"Paris"}' } })
  })

  it('refuses values Anthropic cannot take, naming the param', async () => {
    await expect(h.client.chat.completions.create({ model: 'claude-echo', messages: user('x'), temperature: 1.5 })).rejects.toMatchObject({ status: 400, param: 'temperature' })
    expect(h.anthropic.requests).toHaveLength(0)
  })
})

describe('credits', () => {
  it('answers 402 with exactly {error: {message}} before calling any upstream', async () => {
    const balance = h.gw.store.company.balanceMicro()
    h.gw.store.company.add(-balance)
    try {
      const res = await fetch(`${h.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-echo', messages: user('broke') }),
      })
      expect(res.status).toBe(402)
      const body = (await res.json()) as { error: { message: string } }
      expect(Object.keys(body)).toEqual(['error'])
      expect(Object.keys(body.error)).toEqual(['message'])
      expect(body.error.message).toMatch(/run out of credits/)
      expect(h.openai.requests).toHaveLength(0)
    } finally {
      h.gw.store.company.add(balance)
    }
  })

  it('holds are reserved before the call: once all that is left is held, the others get 402', async () => {
    const balance = h.gw.store.company.balanceMicro()
    // Between one and two requests' ceilings (each: its prompt's ceiling plus 65,536 completion tokens at
    // 2000 per 1M, about 132 credits; no max_tokens, so a hold takes at most what is left): the first
    // holds 132, the second the other 68, and the last two find nothing left while those run.
    h.gw.store.company.add(-(balance - 200_000_000))
    try {
      // The two admitted requests run until both refusals are in.
      let release!: () => void
      const released = new Promise<void>((r) => (release = r))
      const heldOpen = async (req: RecordedRequest, res: ServerResponse) => {
        await released
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completionFor(req)))
        return true
      }
      h.openai.next(heldOpen)
      h.openai.next(heldOpen)
      const refusals: Array<{ status: number; message: string }> = []
      const calls = Array.from({ length: 4 }, () =>
        h.client.chat.completions.create({ model: 'gpt-echo', messages: user('concurrent') }).then(
          () => 200,
          (err: { status: number; message: string }) => {
            refusals.push(err)
            return err.status
          },
        ),
      )
      await vi.waitFor(() => expect(refusals).toHaveLength(2))
      release()
      const statuses = await Promise.all(calls)
      expect(statuses.filter((s) => s === 200)).toHaveLength(2)
      expect(statuses.filter((s) => s === 402)).toHaveLength(2)
      expect(refusals[0]!.message).toMatch(/held by requests still running, not spent/)
    } finally {
      h.gw.store.company.add(balance - h.gw.store.company.balanceMicro())
    }
  })
})

describe('client disconnect', () => {
  it('aborts the upstream within a second and bills what was streamed', async () => {
    h.openai.next(async (req, res) => {
      req.json.messages = user(Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '))
      await streamCompletion(req, res, 100)
      return true
    })
    const controller = new AbortController()
    const stream = await h.client.chat.completions.create({ model: 'gpt-echo', messages: user('long story'), stream: true }, { signal: controller.signal })
    let received = 0
    const abortedAt = await (async () => {
      try {
        for await (const _chunk of stream) {
          if (++received === 5) {
            controller.abort()
            return Date.now()
          }
        }
      } catch {
        return Date.now()
      }
      return Date.now()
    })()
    await expect.poll(() => h.openai.closedEarly.length, { timeout: 3000 }).toBe(1)
    expect(h.openai.closedEarly[0]! - abortedAt).toBeLessThan(1000)
    await expect.poll(() => h.usageRows()[0]?.status, { timeout: 3000 }).toBe(499)
    const row = h.usageRows()[0]!
    expect(row.usageEstimated).toBe(true)
    expect(row.completionTokens).toBeGreaterThanOrEqual(4)
    expect(row.creditsMicro).toBeGreaterThan(0)
    h.openai.closedEarly.length = 0
  })
})
