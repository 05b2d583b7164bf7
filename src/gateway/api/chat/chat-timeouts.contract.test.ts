import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { completionFor } from '../../../../test/support/fake-openai'
import { sleep } from '../../../../test/support/fake-upstream'

let h: ChatHarness
beforeAll(async () => {
  h = await startChatHarness({}, { timeouts: { first_byte: '300ms', total: '2s' } })
})
afterAll(async () => h.close())

describe('per-provider timeouts', () => {
  it('gives up on an upstream that sends no first byte in time and falls back', async () => {
    // The slow upstream answers only once the test lets it, after the client has its answer: the answer can only
    // have come from the fallback, after the first-byte timeout gave up on this one.
    let letAnswer!: () => void
    const released = new Promise<void>((resolve) => (letAnswer = resolve))
    h.openai.next(async (req, res) => {
      await released
      if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completionFor(req)))
      return true
    })
    const data = await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'slow' }] }).finally(letAnswer)
    expect(data.model).toBe('claude-echo')
    const row = h.usageRows()[0]!
    expect(row.attempts[0]).toMatchObject({ model: 'gpt-echo', status: 504 })
    expect(row.attempts[0]!.error).toMatch(/did not answer in time/)
  })

  it('answers 504 naming the provider when no fallback is left', async () => {
    h.openai.next(async (_req, res) => {
      await sleep(1500)
      if (!res.destroyed) res.writeHead(200).end('{}')
      return true
    })
    const err = await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'slow' }] }, { query: { fallbacks: 'false' } }).catch((e) => e)
    expect(err.status).toBe(504)
    expect(err.message).toMatch(/up-openai.*did not answer in time/)
  })
})
