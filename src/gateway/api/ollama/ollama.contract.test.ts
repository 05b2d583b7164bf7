import { Ollama } from 'ollama'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ADMIN_TOKEN, TEAM_KEY } from '../../../../test/support/harness'
import { type LocalChatHarness, startLocalChatHarness } from '../../../../test/support/local-chat-harness'

/**
 * The Ollama API on the gateway's port, driven by the official `ollama` npm client with a team key:
 * the local stories260K model (chat and embeddings) and an OpenAI-type upstream (gpt-echo).
 */
let h: LocalChatHarness
let ollama: Ollama
beforeAll(async () => {
  h = await startLocalChatHarness()
  ollama = new Ollama({ host: h.url, headers: { Authorization: `Bearer ${TEAM_KEY}` } })
}, 120_000)
afterAll(async () => h?.close())

const rowOfLast = (endpoint: string) => h.gw.store.usage.list({ limit: 20 }).find((r) => r.endpoint === endpoint)

describe('the ollama client against the gateway', () => {
  it('version, list (the team\'s chat and embedding models), show and ps', async () => {
    expect((await ollama.version()).version).toMatch(/^\d+\.\d+\.\d+$/)
    const names = (await ollama.list()).models.map((m) => m.name)
    expect(names).toEqual(expect.arrayContaining(['stories', 'stories-embed', 'gpt-echo']))
    expect(names).not.toContain('voice')
    const shown = await ollama.show({ model: 'stories' })
    expect(shown.details.format).toBe('gguf')
    expect(shown.capabilities).toContain('completion')
    await ollama.generate({ model: 'stories', prompt: 'Once', options: { num_predict: 2 }, stream: false })
    expect((await ollama.ps()).models.map((m) => m.name)).toContain('stories')
  })

  it('chat, not streamed, on the local model: Ollama\'s shape, counts, and a usage row', async () => {
    const res = await ollama.chat({ model: 'stories', messages: [{ role: 'user', content: 'Once upon a time' }], stream: false, options: { temperature: 0, num_predict: 8, seed: 1 } })
    expect(res).toMatchObject({ model: 'stories', done: true, message: { role: 'assistant', content: expect.any(String) } })
    expect(['stop', 'length']).toContain(res.done_reason)
    expect(res.eval_count).toBeGreaterThan(0)
    expect(res.prompt_eval_count).toBeGreaterThan(0)
    expect(rowOfLast('ollama.chat')).toMatchObject({ modelName: 'stories', status: 200, completionTokens: res.eval_count })
  })

  it('chat streamed (the default) gives the same text as not streamed, greedily, ending with done', async () => {
    const request = { model: 'stories', messages: [{ role: 'user', content: 'Once upon a time' }], options: { temperature: 0, num_predict: 10 } }
    const whole = await ollama.chat({ ...request, stream: false })
    let text = ''
    let last: { done: boolean; eval_count?: number } | undefined
    for await (const part of await ollama.chat({ ...request, stream: true })) {
      text += part.message.content
      last = part
    }
    expect(text).toBe(whole.message.content)
    expect(last).toMatchObject({ done: true, eval_count: whole.eval_count })
  })

  it('chat with tools on an upstream model: tool_calls with object arguments, then the tool\'s answer', async () => {
    const tools = [{ type: 'function', function: { name: 'get_weather', description: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }]
    const first = await ollama.chat({ model: 'gpt-echo', messages: [{ role: 'user', content: 'Weather?' }], tools, stream: false })
    expect(first.message.tool_calls).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }])
    const second = await ollama.chat({ model: 'gpt-echo', stream: false, tools, messages: [{ role: 'user', content: 'Weather?' }, first.message, { role: 'tool', content: 'sunny', tool_name: 'get_weather' } as never] })
    expect(second.message.content).toContain('sunny')
    const sent = h.upstream.requests.at(-1)!.json as { messages: Array<Record<string, unknown>> }
    const callId = (sent.messages[1]!.tool_calls as Array<{ id: string }>)[0]!.id
    expect(sent.messages[2]).toEqual({ role: 'tool', tool_call_id: callId, content: 'sunny' })
  })

  it('streams a tool call as one object before done', async () => {
    const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }]
    const parts = []
    for await (const part of await ollama.chat({ model: 'gpt-echo', messages: [{ role: 'user', content: 'Weather?' }], tools, stream: true })) parts.push(part)
    expect(parts.flatMap((p) => p.message.tool_calls ?? [])).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }])
    expect(parts.at(-1)!.done).toBe(true)
  })

  it('format "json" and a JSON schema reach the model as response formats', async () => {
    const json = await ollama.chat({ model: 'stories', messages: [{ role: 'user', content: 'A person as JSON' }], format: 'json', stream: false, options: { num_predict: 40, seed: 3 } })
    expect(json.done).toBe(true)
    const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] }
    const shaped = await ollama.chat({ model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }], format: schema, stream: false })
    expect(JSON.parse(shaped.message.content)).toEqual({ answer: 'value of answer' })
    expect(h.upstream.requests.at(-1)!.json.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'response', schema } })
  })

  it('generate with system, streamed and not; options reach the upstream', async () => {
    const whole = await ollama.generate({ model: 'gpt-echo', prompt: 'say hi', system: 'Be brief.', stream: false, options: { temperature: 0.2, top_p: 0.9, top_k: 20, num_predict: 30, num_ctx: 4096, stop: ['END'], seed: 7 }, keep_alive: '10m' })
    expect(whole).toMatchObject({ model: 'gpt-echo', response: 'echo: say hi', done: true, done_reason: 'stop' })
    expect(h.upstream.requests.at(-1)!.json).toMatchObject({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'say hi' }], temperature: 0.2, top_p: 0.9, stop: ['END'], seed: 7 })
    let text = ''
    for await (const part of await ollama.generate({ model: 'gpt-echo', prompt: 'stream it', stream: true })) text += part.response
    expect(text).toBe('echo: stream it')
    // The API streams NDJSON when the body says nothing (the JS client always says).
    const raw = await fetch(`${h.url}/api/generate`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}` }, body: JSON.stringify({ model: 'gpt-echo', prompt: 'a b' }) })
    expect(raw.headers.get('content-type')).toBe('application/x-ndjson')
    const lines = (await raw.text()).trim().split('\n').map((l) => JSON.parse(l) as { response: string; done: boolean })
    expect(lines.map((l) => l.response).join('')).toBe('echo: a b')
    expect(lines.at(-1)!.done).toBe(true)
    expect(rowOfLast('ollama.generate')).toMatchObject({ modelName: 'gpt-echo', status: 200 })
  })

  it('generate raw on the local base model continues the prompt without the chat template', async () => {
    const base = { model: 'stories', prompt: 'Once upon a time', stream: false as const, options: { temperature: 0, num_predict: 4 } }
    const raw = await ollama.generate({ ...base, raw: true })
    const templated = await ollama.generate(base)
    expect(raw.prompt_eval_count).toBeLessThan(templated.prompt_eval_count)
    const completion = await h.client.completions.create({ model: 'stories', prompt: 'Once upon a time', max_tokens: 4, temperature: 0 })
    expect(raw.response).toBe(completion.choices[0]!.text)
  })

  it('images reach the model as image parts', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
    await ollama.chat({ model: 'gpt-echo', messages: [{ role: 'user', content: 'what is this', images: [png] }], stream: false })
    expect(h.upstream.requests.at(-1)!.json.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'what is this' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } }] }])
  })

  it('embed and the older embeddings on the local embedding model', async () => {
    const res = await ollama.embed({ model: 'stories-embed', input: ['one', 'two'] })
    expect(res.embeddings).toHaveLength(2)
    expect(res.embeddings[0]!.length).toBeGreaterThan(0)
    const old = await ollama.embeddings({ model: 'stories-embed', prompt: 'one' })
    expect(old.embedding).toEqual(res.embeddings[0])
  })

  it('errors as Ollama writes them: unknown model 404, missing key 401, team key on pull 401', async () => {
    await expect(ollama.chat({ model: 'nope', messages: [{ role: 'user', content: 'x' }], stream: false })).rejects.toMatchObject({ status_code: 404, error: 'model "nope" not found, try pulling it first' })
    const keyless = await fetch(`${h.url}/api/tags`)
    expect(keyless.status).toBe(401)
    expect(Object.keys((await keyless.json()) as object)).toEqual(['error'])
    const pull = await fetch(`${h.url}/api/pull`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}` }, body: JSON.stringify({ model: 'whisper-tiny' }) })
    expect(pull.status).toBe(401)
    expect(await pull.json()).toEqual({ error: expect.stringContaining('admin token') })
  })

  it('pull and delete with the admin token drive the model manager', async () => {
    const admin = new Ollama({ host: h.url, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
    await expect(admin.pull({ model: 'no-such-model', stream: false })).rejects.toMatchObject({ status_code: 404 })
    await expect(admin.delete({ model: 'not-installed' })).rejects.toMatchObject({ status_code: 404 })
  })

  it('GET / answers like Ollama for tools, and the web app for browsers', async () => {
    expect(await (await fetch(`${h.url}/`)).text()).toBe('Ollama is running')
    expect((await fetch(`${h.url}/`, { headers: { accept: 'text/html,application/xhtml+xml' } })).headers.get('content-type')).toMatch(/text\/html/)
  })
})

describe('credits', () => {
  it('the same exchange costs the same through /api/chat as through /v1/chat/completions', async () => {
    // stories is priced (input 1000, output 2000 per million); the local harness's gpt-echo is free.
    const priced = h.gw.store.models.getByName('stories')!
    const viaOllama = await ollama.chat({ model: 'stories', messages: [{ role: 'user', content: 'Once upon a time' }], stream: false, options: { temperature: 0, num_predict: 6 } })
    const viaChat = await h.client.chat.completions.create({ model: 'stories', messages: [{ role: 'user', content: 'Once upon a time' }], temperature: 0, max_completion_tokens: 6 })
    // Rows are group-committed: read them once both are settled.
    const [ollamaRow, chatRow] = await vi.waitFor(() => {
      const rows = h.gw.store.usage.list({ limit: 10 }).filter((r) => r.state !== 'started')
      const pair = [rows.find((r) => r.endpoint === 'ollama.chat'), rows.find((r) => r.endpoint === 'chat.completions')]
      if (!pair[0] || !pair[1]) throw new Error('not settled yet')
      return pair as [NonNullable<(typeof pair)[0]>, NonNullable<(typeof pair)[1]>]
    })
    expect(priced.pricing).toMatchObject({ input: 1000, output: 2000 })
    expect(viaOllama.message.content).toBe(viaChat.choices[0]!.message.content)
    expect(ollamaRow.promptTokens).toBe(chatRow.promptTokens)
    expect(ollamaRow.completionTokens).toBe(chatRow.completionTokens)
    expect(ollamaRow.creditsMicro).toBe(chatRow.creditsMicro)
    expect(ollamaRow.creditsMicro).toBeGreaterThan(0)
  })
})

describe('LangChain ChatOllama against the gateway', () => {
  it('invokes and streams with a key', async () => {
    const { ChatOllama } = await import('@langchain/ollama')
    const model = new ChatOllama({ baseUrl: h.url, model: 'gpt-echo', headers: { Authorization: `Bearer ${TEAM_KEY}` } })
    const answer = await model.invoke('hello from langchain')
    expect(answer.content).toBe('echo: hello from langchain')
    let streamed = ''
    for await (const chunk of await model.stream('streamed words')) streamed += String(chunk.content)
    expect(streamed).toBe('echo: streamed words')
  })

  it('binds tools and reads the tool call', async () => {
    const { ChatOllama } = await import('@langchain/ollama')
    const model = new ChatOllama({ baseUrl: h.url, model: 'gpt-echo', headers: { Authorization: `Bearer ${TEAM_KEY}` } })
    const withTools = model.bindTools([{ type: 'function', function: { name: 'get_weather', description: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }])
    const answer = await withTools.invoke('Weather?')
    expect(answer.tool_calls).toMatchObject([{ name: 'get_weather', args: { city: 'Paris' } }])
  })
})

describe('keyless access for tools that cannot send a key', () => {
  const setKeyless = (body: object) =>
    fetch(`${h.url}/admin/settings/ollama-keyless`, { method: 'PUT', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('is off by default: 401 in Ollama\'s error shape; once on, the ollama client and ChatOllama work with no key, until the ceiling', async () => {
    const keyless = new Ollama({ host: h.url })
    expect((await (await fetch(`${h.url}/admin/settings/ollama-keyless`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json())).toEqual({ enabled: false, team: null, creditCeiling: 0 })
    await expect(keyless.list()).rejects.toMatchObject({ status_code: 401, error: expect.stringMatching(/No API key was sent/) })

    expect((await setKeyless({ enabled: true, team: 'nope', creditCeiling: 1 })).status).toBe(400)
    expect((await setKeyless({ enabled: true, team: 'alpha', creditCeiling: 1 })).status).toBe(200)
    expect((await keyless.list()).models.map((m) => m.name)).toContain('gpt-echo')
    const res = await keyless.chat({ model: 'gpt-echo', messages: [{ role: 'user', content: 'no key' }], stream: false })
    expect(res.message.content).toBe('echo: no key')
    const { ChatOllama } = await import('@langchain/ollama')
    expect((await new ChatOllama({ baseUrl: h.url, model: 'gpt-echo' }).invoke('keyless chain')).content).toBe('echo: keyless chain')
    await vi.waitFor(() => expect(h.gw.store.usage.list({ limit: 50 }).filter((r) => r.keyId === 'ollama-keyless' && r.state !== 'started').length).toBeGreaterThanOrEqual(2))
    // A key still works and is still the key's: keyless applies only when none is sent.
    expect((await ollama.list()).models.length).toBeGreaterThan(0)

    // A ceiling already spent: 402 in Ollama's shape.
    expect((await setKeyless({ enabled: true, team: 'alpha', creditCeiling: 0 })).status).toBe(200)
    await expect(keyless.list()).rejects.toMatchObject({ status_code: 402, error: expect.stringMatching(/ceiling/) })
    expect((await setKeyless({ enabled: false, team: null, creditCeiling: 0 })).status).toBe(200)
    await expect(keyless.list()).rejects.toMatchObject({ status_code: 401 })
  })
})
