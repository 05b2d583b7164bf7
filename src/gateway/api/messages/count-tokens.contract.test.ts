import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TEAM_KEY } from '../../../../test/support/harness'
import { SONNET, startMessagesHarness, type MessagesHarness } from '../../../../test/support/messages-harness'

/** `POST /v1/messages/count_tokens`, what Claude Code and the Anthropic SDK's countTokens call. */
let h: MessagesHarness
beforeAll(async () => {
  h = await startMessagesHarness()
})
afterAll(async () => h.close())
beforeEach(() => {
  h.anthropic.requests.length = 0
})

const count = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${h.url}/v1/messages/count_tokens`, { method: 'POST', headers: { 'x-api-key': TEAM_KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })

describe('POST /v1/messages/count_tokens', () => {
  it('forwards to the Anthropic model byte for byte (model spliced), with the provider\'s key, and relays the count', async () => {
    h.anthropic.next((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_count' }).end(JSON.stringify({ input_tokens: 2095 }))
      return true
    })
    const body = `{"model": "sonnet",  "system": "Be brief.", "messages": [{"role": "user", "content": "Héllo"}], "tools": [{"name": "t", "input_schema": {"type": "object"}}]}`
    const res = await count(body, { 'anthropic-beta': 'token-counting-2024-11-01' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ input_tokens: 2095 })
    expect(res.headers.get('request-id')).toBe('req_count')
    const sent = h.anthropic.requests[0]!
    expect(sent.url).toBe('/v1/messages/count_tokens')
    expect(sent.raw.toString('utf8')).toBe(body.replace('"sonnet"', `"${SONNET}"`))
    expect(sent.headers['x-api-key']).toBe('sk-ant-upstream-secret')
    expect(sent.headers['anthropic-beta']).toBe('token-counting-2024-11-01')
    expect(h.usageRows()[0]).toMatchObject({ endpoint: 'messages.count_tokens', requestedModel: 'sonnet', modelName: SONNET, status: 200, creditsMicro: 0 })
  })

  it('works with the official SDK\'s countTokens', async () => {
    h.anthropic.next((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ input_tokens: 14 }))
      return true
    })
    const counted = await h.client.messages.countTokens({ model: SONNET, messages: [{ role: 'user', content: 'How many tokens is this?' }] })
    expect(counted.input_tokens).toBe(14)
  })

  it('relays the upstream\'s refusal as it is, and never falls back to another model', async () => {
    h.anthropic.failNext(529, { type: 'error', error: { type: 'overloaded_error', message: 'busy' } })
    const res = await count({ model: SONNET, messages: [{ role: 'user', content: 'x' }] })
    expect(res.status).toBe(529)
    expect(h.anthropic.requests).toHaveLength(1)
  })

  it('estimates for a model without a tokenizer it can reach, and says so in x-svc-token-count', async () => {
    const res = await count({ model: 'gpt-echo', system: 'Be brief.', messages: [{ role: 'user', content: 'How many tokens is this?' }] })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-svc-token-count')).toBe('estimated')
    const { input_tokens } = (await res.json()) as { input_tokens: number }
    expect(input_tokens).toBeGreaterThan(5)
    expect(h.anthropic.requests).toHaveLength(0)
  })

  it('refuses what it cannot count, in the Anthropic error shape', async () => {
    const cases: Array<[unknown, number, RegExp]> = [
      [{ messages: [{ role: 'user', content: 'x' }] }, 400, /model/],
      [{ model: SONNET }, 400, /messages/],
      [{ model: 'claude-9', messages: [{ role: 'user', content: 'x' }] }, 404, /does not exist/],
      ['', 400, /empty/],
    ]
    for (const [body, status, message] of cases) {
      const res = await count(body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      const error = (await res.json()) as { type: string; error: { type: string; message: string } }
      expect(error.type).toBe('error')
      expect(error.error.message).toMatch(message)
    }
    expect(h.anthropic.requests).toHaveLength(0)
  })
})
