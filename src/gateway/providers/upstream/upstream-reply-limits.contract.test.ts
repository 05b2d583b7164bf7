import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import type { FakeServer } from '../../../../test/support/fake-upstream'
import { TEAM_KEY } from '../../../../test/support/harness'

/**
 * An upstream whose reply never ends (or whose one event never ends) must cost the gateway at most
 * its limit in memory: past `providers[].limits.max_reply` (a whole reply) or `.max_event` (one
 * server-sent event) the gateway closes the connection and answers 502 naming the limit. Small limits
 * here, so the tests send kilobytes, not gigabytes.
 */
let h: ChatHarness
const limits = { limits: { max_reply: '64kb', max_event: '16kb' } }

beforeAll(async () => {
  const models = [
    { name: 'gpt-echo', provider: 'up-openai', upstream: 'gpt-4o-mini', pricing: { input: 1000, output: 2000 } },
    { name: 'claude-echo', provider: 'up-anthropic', upstream: 'claude-haiku-4-5', pricing: { input: 1000, output: 5000 } },
    { name: 'embed-up', provider: 'up-openai', upstream: 'text-embedding-3-small', kind: 'embedding', pricing: { input: 100 } },
    { name: 'tts-up', provider: 'up-openai', upstream: 'tts-1', kind: 'speech' },
    { name: 'whisper-up', provider: 'up-openai', upstream: 'gpt-4o-transcribe', kind: 'transcription' },
  ]
  h = await startChatHarness({ models, teams: [{ name: 'alpha', keys: [TEAM_KEY] }], users: [] }, limits, undefined, { anthropicProvider: limits })
})
afterAll(async () => h.close())

/** The next reply: its head, then `filler` for as long as the gateway reads. */
function endless(fake: FakeServer, contentType: string, head: string, filler: string) {
  fake.next((_req, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': contentType })
    res.write(head)
    const chunk = filler.repeat(Math.ceil(4096 / filler.length))
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump)
    }
    pump()
    return true
  })
}

async function call(path: string, body: Record<string, unknown>) {
  const res = await fetch(`${h.url}${path}?fallbacks=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
    body: JSON.stringify(body),
  })
  const text = await res.text().catch((err: Error) => `(cut off: ${err.message})`)
  return { status: res.status, text }
}

/** The upstream saw its connection closed before its reply ended: the gateway stopped reading. */
async function expectAborted(fake: FakeServer, before: number) {
  await vi.waitFor(() => expect(fake.closedEarly.length).toBe(before + 1))
}

const chat = (stream: boolean, model = 'gpt-echo') => call('/v1/chat/completions', { model, stream, messages: [{ role: 'user', content: 'hi' }] })

describe('a reply that never ends', () => {
  it('chat: 502 naming max_reply, and the upstream connection is closed', async () => {
    const before = h.openai.closedEarly.length
    endless(h.openai, 'application/json', '{"id":"chatcmpl-1","choices":[{"message":{"content":"', 'a')
    const r = await chat(false)
    expect(r.status).toBe(502)
    expect(JSON.parse(r.text)).toMatchObject({ error: { code: 'upstream_reply_too_large' } })
    expect(r.text).toContain('larger than 64 KB')
    expect(r.text).toContain('providers[].limits.max_reply')
    await expectAborted(h.openai, before)
  })

  it('embeddings', async () => {
    const before = h.openai.closedEarly.length
    endless(h.openai, 'application/json', '{"data":[{"embedding":[', '0.1,')
    const r = await call('/v1/embeddings', { model: 'embed-up', input: 'hi' })
    expect(r.status).toBe(502)
    expect(r.text).toContain('max_reply')
    await expectAborted(h.openai, before)
  })

  it('speech (the audio path)', async () => {
    const before = h.openai.closedEarly.length
    endless(h.openai, 'audio/mpeg', '', 'ID3')
    const r = await call('/v1/audio/speech', { model: 'tts-up', input: 'hi', voice: 'alloy' })
    expect(r.status).toBe(502)
    expect(r.text).toContain('max_reply')
    await expectAborted(h.openai, before)
  })

  it('/v1/messages: the relay stops, the connection is closed, the usage row names the limit', async () => {
    const before = h.anthropic.closedEarly.length
    endless(h.anthropic, 'application/json', '{"id":"msg_1","content":[{"type":"text","text":"', 'a')
    await call('/v1/messages', { model: 'claude-echo', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] })
    await expectAborted(h.anthropic, before)
    await vi.waitFor(() => expect(h.usageRows()[0]).toMatchObject({ endpoint: 'messages', status: 502, error: expect.stringContaining('max_reply') as unknown }))
  })
})

describe('a reply whose content-length is past max_reply', () => {
  it('/v1/messages answers a clear 502 before relaying a byte', async () => {
    const before = h.anthropic.closedEarly.length
    h.anthropic.next((_req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 ** 3) })
      res.write('{"id":"msg_1"')
      return true
    })
    const r = await call('/v1/messages', { model: 'claude-echo', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] })
    expect(r.status).toBe(502)
    expect(JSON.parse(r.text)).toMatchObject({ type: 'error', error: { message: expect.stringContaining('providers[].limits.max_reply') as unknown } })
    await expectAborted(h.anthropic, before)
  })
})

describe('a server-sent event that never ends', () => {
  it('chat: one data line without end is 502 naming max_event', async () => {
    const before = h.openai.closedEarly.length
    endless(h.openai, 'text/event-stream', 'data: {"choices":[{"delta":{"content":"', 'a')
    const r = await chat(true)
    expect(r.status).toBe(502)
    expect(r.text).toContain('a server-sent event larger than 16 KB')
    expect(r.text).toContain('providers[].limits.max_event')
    await expectAborted(h.openai, before)
  })

  it('chat on an anthropic-type provider: endless data lines without a blank line are one event', async () => {
    const before = h.anthropic.closedEarly.length
    endless(h.anthropic, 'text/event-stream', 'event: message_start\n', 'data: x\r\n')
    const r = await chat(true, 'claude-echo')
    expect(r.status).toBe(502)
    expect(r.text).toContain('max_event')
    await expectAborted(h.anthropic, before)
  })

  it('/v1/messages stream: the relay stops and the usage row names the limit', async () => {
    const before = h.anthropic.closedEarly.length
    endless(h.anthropic, 'text/event-stream', 'event: ping\ndata: {"type":"ping"}\n\nevent: content_block_delta\ndata: "', 'b')
    await call('/v1/messages', { model: 'claude-echo', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'hi' }] })
    await expectAborted(h.anthropic, before)
    await vi.waitFor(() => expect(h.usageRows()[0]).toMatchObject({ endpoint: 'messages', status: 502, error: expect.stringContaining('max_event') as unknown }))
  })

  it('a streamed transcription (the audio path)', async () => {
    const before = h.openai.closedEarly.length
    endless(h.openai, 'text/event-stream', 'data: {"type":"transcript.text.delta","delta":"', 'c')
    const form = new FormData()
    form.set('file', new Blob([Buffer.from('audio')]), 'a.mp3')
    form.set('model', 'whisper-up')
    form.set('stream', 'true')
    const res = await fetch(`${h.url}/v1/audio/transcriptions?fallbacks=false`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}` }, body: form })
    const text = await res.text()
    expect(text).toContain('max_event')
    await expectAborted(h.openai, before)
  })

  it('a stream longer than max_reply in events within max_event is served whole: the limit is per event', async () => {
    h.openai.next((_req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const word = 'w'.repeat(1000)
      for (let i = 0; i < 100; i++) res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content: word }, finish_reason: null }] })}\r\n\r\n`)
      res.end(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`)
      return true
    })
    const r = await chat(true)
    expect(r.status).toBe(200)
    expect(r.text.split('w'.repeat(1000)).length - 1).toBe(100)
    expect(r.text).toContain('[DONE]')
  })
})
