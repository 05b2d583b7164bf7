import type { ServerResponse } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import type { FakeServer, RecordedRequest } from '../../../../test/support/fake-upstream'
import { sleep } from '../../../../test/support/fake-upstream'
import { ADMIN_TOKEN, TEAM_KEY } from '../../../../test/support/harness'
import { createLogger } from '../../kernel/logging'

/**
 * An upstream that echoes the credentials it got (a misconfigured proxy, a debugging 5xx page) must not
 * hand the provider's key to the team that called it: every secret the gateway holds is masked in what
 * the upstream sends back, before it reaches a client, a usage row or the gateway's log.
 */
const OPENAI_KEY = 'sk-upstream-secret-openai'
const ANTHROPIC_KEY = 'sk-ant-from-the-environment-0123456789'
const SECRETS = [OPENAI_KEY, ANTHROPIC_KEY, ADMIN_TOKEN]

let h: ChatHarness
const logLines: string[] = []
const bodies: string[] = []

beforeAll(async () => {
  const logger = createLogger({ level: 'trace', stream: { write: (line: string) => void logLines.push(line) } })
  const models = [
    { name: 'gpt-echo', provider: 'up-openai', upstream: 'gpt-4o-mini', pricing: { input: 1000, output: 2000 } },
    { name: 'claude-echo', provider: 'up-anthropic', upstream: 'claude-haiku-4-5', pricing: { input: 1000, output: 5000 } },
    { name: 'embed-up', provider: 'up-openai', upstream: 'text-embedding-3-small', kind: 'embedding', pricing: { input: 100 } },
  ]
  h = await startChatHarness({ models, teams: [{ name: 'alpha', keys: [TEAM_KEY] }], users: [] }, {}, logger, {
    anthropicProvider: { api_key: 'env:GATEHOUSE_TEST_ANTHROPIC_KEY' },
    env: { GATEHOUSE_TEST_ANTHROPIC_KEY: ANTHROPIC_KEY },
  })
})
afterAll(async () => h.close())

/** What a careless upstream says: the credential it was sent, and for good measure the admin token. */
const echoed = (req: RecordedRequest) => `bad credentials: ${String(req.headers.authorization ?? req.headers['x-api-key'])} (admin ${ADMIN_TOKEN})`

const fail500 = (fake: FakeServer) =>
  fake.next((req, res: ServerResponse) => {
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: echoed(req) } }))
    return true
  })

async function call(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.url}${path}?fallbacks=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json', 'anthropic-version': '2023-06-01', ...headers },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  bodies.push(text)
  return { status: res.status, text, headers: res.headers }
}

const chat = (stream: boolean, model = 'gpt-echo') => call('/v1/chat/completions', { model, stream, messages: [{ role: 'user', content: 'hi' }] })
const messages = (stream: boolean) => call('/v1/messages', { model: 'claude-echo', max_tokens: 50, stream, messages: [{ role: 'user', content: 'hi' }] })

describe('an upstream 5xx that echoes the credentials it got', () => {
  it('chat (openai-type provider): the error names the failure, not the key', async () => {
    fail500(h.openai)
    const r = await chat(false)
    expect(r.status).toBe(502)
    expect(r.text).toContain('bad credentials: Bearer [redacted')
  })

  it('streamed chat (openai-type provider)', async () => {
    fail500(h.openai)
    const r = await chat(true)
    expect(r.status).toBe(502)
    expect(r.text).toContain('[redacted')
  })

  it('chat on an anthropic-type provider, its key from env:', async () => {
    fail500(h.anthropic)
    const r = await chat(false, 'claude-echo')
    expect(r.status).toBe(502)
    expect(r.text).toContain('bad credentials: [redacted')
  })

  it('embeddings', async () => {
    fail500(h.openai)
    const r = await call('/v1/embeddings', { model: 'embed-up', input: 'hi' })
    expect(r.status).toBe(502)
    expect(r.text).toContain('[redacted')
  })

  it('/v1/messages relays the error body byte for byte but for the masked secrets, same length', async () => {
    let sent = ''
    h.anthropic.next((req, res: ServerResponse) => {
      sent = JSON.stringify({ type: 'error', error: { type: 'api_error', message: echoed(req) } })
      res.writeHead(500, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(sent)) }).end(sent)
      return true
    })
    const r = await messages(false)
    expect(r.status).toBe(500)
    expect(r.text).toHaveLength(sent.length)
    expect(r.text).toBe(sent.replace(ANTHROPIC_KEY, '[redacted' + '*'.repeat(ANTHROPIC_KEY.length - 10) + ']').replace(ADMIN_TOKEN, '[redacted' + '*'.repeat(ADMIN_TOKEN.length - 10) + ']'))
  })

  it('/v1/messages with stream: true', async () => {
    fail500(h.anthropic)
    const r = await messages(true)
    expect(r.status).toBe(500)
    expect(r.text).toContain('[redacted')
  })
})

describe("a successful stream whose error event echoes the key", () => {
  it('chat: the error event reaches the client masked', async () => {
    h.openai.next((req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { role: 'assistant', content: 'hel' }, finish_reason: null }] })}\n\n`)
      res.end(`data: ${JSON.stringify({ error: { message: echoed(req) } })}\n\n`)
      return true
    })
    const r = await chat(true)
    expect(r.status).toBe(200)
    expect(r.text).toContain('hel')
    expect(r.text).toContain('[redacted')
  })

  it('/v1/messages: an error event relayed as it came, the key masked even when split across writes', async () => {
    h.anthropic.next(async (req, res: ServerResponse) => {
      const key = String(req.headers['x-api-key'])
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(`event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [], usage: { input_tokens: 3, output_tokens: 1 } } })}\n\n`)
      res.write(`event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"overloaded for ${key.slice(0, 12)}`)
      await sleep(20)
      res.end(`${key.slice(12)}"}}\n\n`)
      return true
    })
    const r = await messages(true)
    expect(r.status).toBe(200)
    expect(r.text).toContain('event: error')
    expect(r.text).toContain('overloaded for [redacted')
  })
})

describe('after all of the above', () => {
  it('no secret is in any response, any usage row (read from the database file) or any log line', async () => {
    const { default: Database } = await import('better-sqlite3')
    const db = new Database(join(h.gw.dataDir, 'gatehouse.db'), { readonly: true })
    try {
      // Rows are group-committed: wait until every request above has its row.
      await vi.waitFor(() => expect((db.prepare('SELECT count(*) AS n FROM usage_log').get() as { n: number }).n).toBe(8))
      const rows = JSON.stringify(db.prepare('SELECT * FROM usage_log').all())
      expect(rows).toContain('[redacted')
      for (const secret of SECRETS) {
        expect(rows).not.toContain(secret)
        for (const body of bodies) expect(body).not.toContain(secret)
        for (const line of logLines) expect(line).not.toContain(secret)
      }
      expect(logLines.join('\n')).toContain('[redacted')
    } finally {
      db.close()
    }
  })
})
