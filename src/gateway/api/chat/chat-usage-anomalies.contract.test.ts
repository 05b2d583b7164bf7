import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { completionFor } from '../../../../test/support/fake-openai'
import { TEAM_KEY } from '../../../../test/support/harness'
import { createLogger } from '../../kernel/logging'

/**
 * Usage is the upstream's claim, and a charge is never trusted beyond what the request could have
 * cost: counts that are negative or not integers are refused, a charge is capped at the request's
 * hold, and each such reply is logged as an anomaly.
 */
let h: ChatHarness
const logged: Array<Record<string, unknown>> = []
beforeAll(async () => {
  const logger = createLogger({ level: 'warn', stream: { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) } })
  const models = [
    { name: 'gpt-echo', provider: 'up-openai', upstream: 'gpt-4o-mini', pricing: { input: 1000, output: 2000 } },
    { name: 'claude-echo', provider: 'up-anthropic', upstream: 'claude-haiku-4-5', pricing: { input: 1000, output: 5000 } },
  ]
  h = await startChatHarness({ models, teams: [{ name: 'alpha', keys: [TEAM_KEY] }], users: [] }, {}, logger)
})
afterAll(async () => h.close())
beforeEach(() => {
  logged.length = 0
})

const withUsage = (usage: Record<string, unknown>) =>
  h.openai.next((req, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...completionFor(req), usage }))
    return true
  })
const ask = (content: string) => h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content }] }, { query: { fallbacks: 'false' } })
const anomalies = () => logged.filter((l) => String(l.msg).includes('usage anomaly'))

describe('usage an upstream reports', () => {
  it('caps a claim of 10^12 tokens at the hold, keeps the balance sane, and logs it', async () => {
    const before = h.gw.store.company.balanceMicro()
    withUsage({ prompt_tokens: 1e12, completion_tokens: 1e12, total_tokens: 2e12 })
    const reply = await ask('a huge claim')
    const row = h.usageRows()[0]!
    const charged = before - h.gw.store.company.balanceMicro()
    expect(charged).toBe(row.creditsMicro)
    expect((reply.usage as unknown as { svc_credits_cost: number }).svc_credits_cost * 1e6).toBeCloseTo(charged, 3)
    // the hold: this prompt's bytes plus 65,536 completion tokens at 1000/2000 credits per 1M
    expect(charged).toBeGreaterThan(0)
    expect(charged).toBeLessThan(200_000_000)
    expect(h.gw.store.company.balanceMicro()).toBeGreaterThan(0)
    expect(anomalies()).toHaveLength(1)
    expect(anomalies()[0]).toMatchObject({ requestId: row.id, model: 'gpt-echo' })
  })

  it.each([
    ['negative', { prompt_tokens: -1_000_000, completion_tokens: 5, total_tokens: -999_995 }],
    ['fractional', { prompt_tokens: 10.5, completion_tokens: 5, total_tokens: 15.5 }],
    ['not numbers', { prompt_tokens: 'many', completion_tokens: 5 }],
  ])('refuses %s counts: the balance never rises, the row says the usage was estimated', async (_what, usage) => {
    const before = h.gw.store.company.balanceMicro()
    withUsage(usage)
    await ask('odd counts')
    const after = h.gw.store.company.balanceMicro()
    expect(after).toBeLessThanOrEqual(before)
    const row = h.usageRows()[0]!
    expect(row).toMatchObject({ usageEstimated: true })
    expect(row.promptTokens).toBeGreaterThanOrEqual(0)
    expect(Number.isInteger(row.promptTokens)).toBe(true)
    expect(row.creditsMicro).toBe(before - after)
    expect(anomalies()).toHaveLength(1)
  })

  it('caps a streamed claim too', async () => {
    h.openai.next((req, res: ServerResponse) => {
      const full = completionFor(req)
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(`data: ${JSON.stringify({ id: full.id, object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: 'stop' }] })}\n\n`)
      res.write(`data: ${JSON.stringify({ id: full.id, object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { prompt_tokens: 5e11, completion_tokens: 5e11, total_tokens: 1e12 } })}\n\n`)
      res.end('data: [DONE]\n\n')
      return true
    })
    const before = h.gw.store.company.balanceMicro()
    const res = await fetch(`${h.url}/v1/chat/completions?fallbacks=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-echo', messages: [{ role: 'user', content: 'stream claim' }], stream: true }),
    })
    await res.text()
    const charged = before - h.gw.store.company.balanceMicro()
    expect(charged).toBeGreaterThan(0)
    expect(charged).toBeLessThan(200_000_000)
    expect(anomalies()).toHaveLength(1)
  })

  it('caps what a /v1/messages reply claims, read from its JSON', async () => {
    h.anthropic.next((_req, res: ServerResponse) => {
      const message = { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [{ type: 'text', text: 'hi' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 4e11, output_tokens: 4e11, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(message))
      return true
    })
    const before = h.gw.store.company.balanceMicro()
    const res = await fetch(`${h.url}/v1/messages?fallbacks=false`, {
      method: 'POST',
      headers: { 'x-api-key': TEAM_KEY, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'claude-echo', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }),
    })
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    const row = h.usageRows()[0]!
    expect(row.creditsMicro).toBe(before - h.gw.store.company.balanceMicro())
    expect(anomalies()).toHaveLength(1)
  })
})
