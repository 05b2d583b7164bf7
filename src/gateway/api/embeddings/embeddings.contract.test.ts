import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalChatHarness, startLocalChatHarness } from '../../../../test/support/local-chat-harness'
import { admin } from '../../../../test/support/harness'
import { floatsFromBase64 } from '../../providers/openai/openai-embeddings-provider'

/**
 * `POST /v1/embeddings` with the official client: a local GGUF embedding model (stories260K, 64
 * dimensions) through llama.cpp, and an OpenAI-compatible upstream, through the one pipeline.
 */
let h: LocalChatHarness
const norm = (v: number[]) => Math.hypot(...v)

beforeAll(async () => {
  h = await startLocalChatHarness({
    models: [
      { name: 'embed-up', provider: 'up', upstream: 'text-embedding-3-small', pricing: { input: 20 } },
      { name: 'embed-down', provider: 'down', upstream: 'text-embedding-3-small' },
    ],
    team: { fallbacks: { 'embed-down': ['embed-up'] } },
  })
})
afterAll(async () => h?.close())

describe('local embeddings (llama.cpp)', () => {
  it('answers one normalized vector of the model size per input, billed per input token', async () => {
    const { data: res, response } = await h.client.embeddings.create({ model: 'stories-embed', input: ['Once upon a time', 'The cat sat.'], encoding_format: 'float' }).withResponse()
    expect(res.object).toBe('list')
    expect(res.model).toBe('stories-embed')
    expect(res.data.map((d) => [d.object, d.index, d.embedding.length])).toEqual([
      ['embedding', 0, 64],
      ['embedding', 1, 64],
    ])
    for (const d of res.data) expect(norm(d.embedding)).toBeCloseTo(1, 5)
    expect(res.data[0]!.embedding).not.toEqual(res.data[1]!.embedding)
    expect(res.usage.prompt_tokens).toBeGreaterThan(0)
    expect(res.usage.total_tokens).toBe(res.usage.prompt_tokens)
    expect(response.headers.get('x-svc-model-id')).toBe(h.gw.store.models.getByName('stories-embed')!.id)
    const row = await h.rowOf(response.headers.get('x-request-id'))
    expect(row).toMatchObject({ endpoint: 'embeddings', modelName: 'stories-embed', status: 200, promptTokens: res.usage.prompt_tokens, creditsMicro: res.usage.prompt_tokens * 500 })
    expect((res.usage as unknown as { svc_credits_cost: number }).svc_credits_cost).toBeCloseTo((res.usage.prompt_tokens * 500) / 1e6, 9)
  })

  it('gives the same vector for the same text, as float32s in base64 and for its token ids', async () => {
    const floats = await h.client.embeddings.create({ model: 'stories-embed', input: 'Once upon a time', encoding_format: 'float' })
    const raw = await fetch(`${h.url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.client.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'stories-embed', input: 'Once upon a time', encoding_format: 'base64' }),
    }).then((r) => r.json() as Promise<{ data: Array<{ embedding: string }> }>)
    const decoded = floatsFromBase64(raw.data[0]!.embedding)
    expect(decoded).toHaveLength(64)
    decoded.forEach((x, i) => expect(x).toBeCloseTo(floats.data[0]!.embedding[i]!, 6))
    // The official client asks for base64 by default and decodes it.
    const viaDefault = await h.client.embeddings.create({ model: 'stories-embed', input: 'Once upon a time' })
    expect(viaDefault.data[0]!.embedding).toHaveLength(64)

    const tokens = await h.client.embeddings.create({ model: 'stories-embed', input: [[1, 403, 407, 261, 378]], encoding_format: 'float' })
    expect(tokens.data[0]!.embedding).toHaveLength(64)
    expect(tokens.usage.prompt_tokens).toBe(5)
  })

  it('refuses what the model cannot do, naming the field', async () => {
    await expect(h.client.embeddings.create({ model: 'stories-embed', input: 'x', dimensions: 32 })).rejects.toMatchObject({ status: 400, param: 'dimensions' })
    await expect(h.client.embeddings.create({ model: 'stories-embed', input: [[1, 99_999]] })).rejects.toMatchObject({ status: 400, param: 'input' })
    await expect(h.client.embeddings.create({ model: 'stories-embed', input: '' })).rejects.toMatchObject({ status: 400, param: 'input' })
    await expect(h.client.embeddings.create({ model: 'stories', input: 'x' })).rejects.toMatchObject({ status: 400, param: 'model', code: 'model_not_supported' })
    await expect(h.client.chat.completions.create({ model: 'stories-embed', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 400, code: 'model_not_chat' })
  })
})

describe('upstream embeddings (OpenAI-compatible)', () => {
  it('forwards input and dimensions, reads the base64 reply, and falls back like every endpoint', async () => {
    const { data: res, response } = await h.client.embeddings.create({ model: 'embed-down', input: ['a', 'bb'], dimensions: 4, encoding_format: 'float' }).withResponse()
    expect(res.data.map((d) => d.embedding)).toEqual([
      [0.5, 0.25, 0.125, 0.0625],
      [1.5, 1.25, 1.125, 1.0625],
    ])
    expect(response.headers.get('x-svc-fallbacks-used')).toBe('embed-down')
    const sent = h.upstream.requests.at(-1)!
    expect(sent.json).toMatchObject({ model: 'text-embedding-3-small', input: ['a', 'bb'], dimensions: 4, encoding_format: 'base64' })
    const row = await h.rowOf(response.headers.get('x-request-id'))
    expect(row).toMatchObject({ endpoint: 'embeddings', requestedModel: 'embed-down', modelName: 'embed-up', promptTokens: 2, creditsMicro: 40 })
    expect(row.attempts.map((a) => [a.model, a.status])).toEqual([
      ['embed-down', 502],
      ['embed-up', 200],
    ])
  })
})

describe('RAG collections embed through the embeddings service', () => {
  it('indexes documents with the collection\'s local embedding model, vectors stored, and retrieves them in chat', async () => {
    const api = (method: 'GET' | 'POST', url: string, payload?: object) => h.gw.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) })
    const rowsBefore = h.gw.store.usage.list({ limit: 1000 }).length
    const created = await api('POST', '/admin/collections', { name: 'tales', embedding_model: 'stories-embed' })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as string
    for (const [name, text] of [['fox', 'Once upon a time a little fox ran into the forest to find berries.'], ['boat', 'The old fisherman painted his boat blue before the storm came.']]) {
      const doc = await api('POST', `/admin/collections/${id}/documents`, { name, text })
      expect(doc.statusCode, doc.body).toBe(201)
    }
    // Every chunk carries the model's 64-dimension float32 vector.
    const stored = h.gw.store.db.prepare('SELECT length(embedding) AS bytes FROM rag_chunks WHERE collection_id = ?').all(id) as Array<{ bytes: number | null }>
    expect(stored.length).toBeGreaterThan(0)
    expect(stored.every((c) => c.bytes === 64 * 4)).toBe(true)
    // Indexing is the owner's own work: no team's usage row for it.
    expect(h.gw.store.usage.list({ limit: 1000 })).toHaveLength(rowsBefore)
    await h.client.chat.completions.create({
      model: 'gpt-echo',
      messages: [{ role: 'user', content: 'Once upon a time a little fox ran into the forest to find berries.' }],
      tools: [{ type: 'rag', rag: { mcp: { collection_uuid: id, top_n: 1 } } }] as never,
    })
    const context = (h.upstream.requests.at(-1)!.json.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'system')!.content
    expect(context).toMatch(/\[1\] fox\n/)
  })
})
