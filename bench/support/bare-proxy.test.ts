import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOpenAi } from '../../test/support/fake-openai'
import { startProcess } from './processes'

describe('bare proxy (the floor cpu.bench.ts compares Gatehouse with)', () => {
  let upstream: Awaited<ReturnType<typeof startFakeOpenAi>>
  let proxy: Awaited<ReturnType<typeof startProcess>>
  let client: OpenAI

  beforeAll(async () => {
    upstream = await startFakeOpenAi()
    proxy = await startProcess(process.execPath, [join(import.meta.dirname, 'bare-proxy.mjs'), upstream.url, 'real-upstream-model'], /listening (\d+)/)
    client = new OpenAI({ baseURL: `http://127.0.0.1:${proxy.match[1]}/v1`, apiKey: 'unused' })
  })
  afterAll(async () => {
    proxy?.child.kill('SIGTERM')
    await upstream?.close()
  })

  it('forwards a chat completion under the upstream model name and relays the reply', async () => {
    const reply = await client.chat.completions.create({ model: 'alias', messages: [{ role: 'user', content: 'Say hello.' }] })
    expect(reply.choices[0]!.message.content).toBe('echo: Say hello.')
    expect(upstream.requests.at(-1)!.json).toMatchObject({ model: 'real-upstream-model', messages: [{ role: 'user', content: 'Say hello.' }] })
  })

  it('pipes a streamed completion through chunk by chunk', async () => {
    const stream = await client.chat.completions.create({ model: 'alias', stream: true, messages: [{ role: 'user', content: 'Stream this.' }] })
    let text = ''
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
    expect(text).toBe('echo: Stream this.')
    expect(upstream.requests.at(-1)!.json).toMatchObject({ model: 'real-upstream-model', stream: true })
  })

  it('answers 502 naming itself when the upstream cannot be reached', async () => {
    const dead = await startProcess(process.execPath, [join(import.meta.dirname, 'bare-proxy.mjs'), 'http://127.0.0.1:1', 'm'], /listening (\d+)/)
    try {
      const res = await fetch(`http://127.0.0.1:${dead.match[1]}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'x', messages: [] }) })
      expect(res.status).toBe(502)
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^bare proxy: /)
    } finally {
      dead.child.kill('SIGTERM')
    }
  })
})
