import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { OTHER_TEAM_KEY, TEAM_KEY } from '../../../../test/support/harness'
import { MAX_OUTPUT_TOKENS } from './pricing'

/**
 * A request holds what it can cost at most while it runs. That must be what it can really cost (a
 * model writes no more than its context or the largest output any model has), a request whose own
 * hold is more than is left is refused saying so, and a 402 says whether credits are spent or only
 * held by requests still running.
 */
let h: ChatHarness
const CREDITS = 1_000_000 // micro-credits per credit

beforeAll(async () => {
  const models = [
    { name: 'gpt-echo', provider: 'up-openai', upstream: 'gpt-4o-mini', pricing: { input: 1000, output: 2000 } },
    { name: 'claude-echo', provider: 'up-anthropic', upstream: 'claude-haiku-4-5', pricing: { input: 1000, output: 5000 } },
    // A credit a token, so its hold reads as tokens; never loaded: the hold is taken before any engine runs.
    { name: 'local-llama', provider: 'local', engine: 'llama', file: '/nowhere/model.gguf', pricing: { input: 0, output: 1_000_000 } },
    // The voice that speaks answers of chat models that cannot (audio-out): 15 credits per 1M characters.
    { name: 'voice', provider: 'local', engine: 'tts', pricing: { per_million_characters: 15 } },
  ]
  h = await startChatHarness({ credits: 1000, models, teams: [{ name: 'alpha', keys: [TEAM_KEY] }, { name: 'beta', keys: [OTHER_TEAM_KEY] }], users: [] })
})
afterAll(async () => h.close())

const setBalance = (credits: number) => h.gw.store.company.add(credits * CREDITS - h.gw.store.company.balanceMicro())
beforeEach(() => setBalance(1000))

async function chat(key: string, body: Record<string, unknown>) {
  const res = await fetch(`${h.url}/v1/chat/completions?fallbacks=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], ...body }),
  })
  return res
}
const messageOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message
const creditsIn = (message: string) => Number(/may cost up to ([\d,.]+) credits/.exec(message)![1]!.replace(/,/g, ''))

/** The next upstream stream sends its first chunk, then waits for `release` before it ends. */
function heldOpenStream() {
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  h.openai.next(async (_req, res: ServerResponse) => {
    const chunk = (delta: Record<string, unknown>, finish: string | null) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(chunk({ role: 'assistant', content: 'still ' }, null))
    await released
    res.end(`${chunk({ content: 'going' }, null)}${chunk({}, 'stop')}data: [DONE]\n\n`)
    return true
  })
  return release
}

describe('a hold is what the request can really cost', () => {
  it('max_tokens 10^9 on an upstream model holds no more than MAX_OUTPUT_TOKENS cost, and others keep being served while it runs', async () => {
    const release = heldOpenStream()
    const stream = await chat(TEAM_KEY, { model: 'gpt-echo', stream: true, max_tokens: 1e9 })
    expect(stream.status).toBe(200)
    try {
      const other = await chat(OTHER_TEAM_KEY, { model: 'claude-echo', max_tokens: 100 })
      expect(other.status).toBe(200)
    } finally {
      release()
      await stream.text()
    }
  })

  it('names the capped hold when even that is more than is left: an upstream model', async () => {
    setBalance(100)
    const res = await chat(TEAM_KEY, { model: 'gpt-echo', max_tokens: 1e9 })
    expect(res.status).toBe(402)
    const held = creditsIn(await messageOf(res))
    expect(held).toBeGreaterThan((MAX_OUTPUT_TOKENS * 2000) / CREDITS)
    // plus the prompt's ceiling (its bytes and 1,024 hidden tokens at 1000 per 1M): about a credit
    expect(held).toBeLessThan((MAX_OUTPUT_TOKENS * 2000) / CREDITS + 2)
  })

  it('a spoken answer (modalities audio) is held for no more characters than the capped answer can spell', async () => {
    setBalance(10)
    const res = await chat(TEAM_KEY, { model: 'gpt-echo', max_tokens: 1e9, modalities: ['text', 'audio'], audio: { voice: 'alloy', format: 'wav' } })
    expect(res.status).toBe(402)
    // the answer's tokens as above, plus 32 characters a token spoken at 15 credits per 1M characters
    const spoken = (MAX_OUTPUT_TOKENS * 32 * 15) / CREDITS
    const held = creditsIn(await messageOf(res))
    expect(held).toBeGreaterThan((MAX_OUTPUT_TOKENS * 2000) / CREDITS + spoken)
    expect(held).toBeLessThan((MAX_OUTPUT_TOKENS * 2000) / CREDITS + spoken + 2)
  })

  it("a local model's hold stops at its context (engines.llama_context_size, 4096 by default)", async () => {
    setBalance(10)
    const res = await chat(TEAM_KEY, { model: 'local-llama', max_tokens: 1e9 })
    expect(res.status).toBe(402)
    expect(creditsIn(await messageOf(res))).toBe(4096)
  })
})

describe('a request whose own hold cannot be met', () => {
  it('is refused with a 402 that names its cost, max_tokens and what is left, before any upstream call', async () => {
    setBalance(10)
    const before = h.openai.requests.length
    const res = await chat(TEAM_KEY, { model: 'gpt-echo', max_tokens: 100_000 })
    expect(res.status).toBe(402)
    const message = await messageOf(res)
    expect(message).toMatch(/^This request may cost up to 20[01]\.\d+ credits \(max_tokens 100000; lower max_tokens\), but your company has only 10 left\.$/)
    expect(h.openai.requests.length).toBe(before)
    // The same request with a max_tokens that fits is served.
    expect((await chat(TEAM_KEY, { model: 'gpt-echo', max_tokens: 100 })).status).toBe(200)
  })
})

describe('a request without max_tokens', () => {
  it("is served while credits are left: the gateway's own ceiling holds at most what is left", async () => {
    setBalance(10)
    // its ceiling (65,536 answer tokens at 2000 per 1M) is about 132 credits
    const res = await chat(TEAM_KEY, { model: 'gpt-echo' })
    expect(res.status).toBe(200)
  })
})

describe('the 402 says what is true', () => {
  it('credits held by a request still running are "held", not "run out", and nothing was spent', async () => {
    setBalance(300)
    const release = heldOpenStream()
    // holds about 200 of the 300 credits while it runs
    const stream = await chat(TEAM_KEY, { model: 'gpt-echo', stream: true, max_tokens: 100_000 })
    expect(stream.status).toBe(200)
    try {
      const res = await chat(OTHER_TEAM_KEY, { model: 'gpt-echo', max_tokens: 100_000 })
      expect(res.status).toBe(402)
      const message = await messageOf(res)
      expect(message).not.toMatch(/run out/)
      expect(message).toMatch(/^20[01]\.\d+ of your company's 300 credits are held by requests still running, not spent, and this request may cost up to 20[01]\.\d+ credits \(max_tokens 100000; lower max_tokens\)\. Try again when they finish\.$/)
      expect(h.gw.store.company.balanceMicro()).toBe(300 * CREDITS)
    } finally {
      release()
      await stream.text()
    }
  })

  it('a spent budget is "run out"', async () => {
    setBalance(0)
    const res = await chat(TEAM_KEY, { model: 'gpt-echo', max_tokens: 10 })
    expect(res.status).toBe(402)
    expect(await messageOf(res)).toMatch(/run out of credits: its budget is used up/)
  })
})
