import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { renderText } from '../../../../test/support/document-fixtures'
import { admin } from '../../../../test/support/harness'
import { missingTools } from '../../engines/engine-test-support'

type Msg = { role: string; content: string }
type Annotation = { url_citation: { start_index: number; end_index: number; url: string; title: string } }

const HANDBOOK = `# Office handbook

## Parking
Staff park in the north lot. Visitors park in the south lot next to the bakery.

## Holidays
Every employee has twenty-eight days of paid holiday a year, booked through the holiday calendar.`

const LUNCH_PAGE = `<html><head><title>Canteen</title><script>var x = 'TRACKER'</script></head><body><nav>Home | Menu</nav>
<article><h1>Canteen</h1><p>The canteen serves lunch from noon to two o'clock. On Fridays the chef cooks fish soup, and the salad bar stays open until three.</p>
<p>Coffee is free for everyone in the building, and the espresso machine on the second floor is cleaned every evening by the night staff.</p></article></body></html>`

describe('RAG collections: admin API and the rag tool in chat', () => {
  let h: ChatHarness
  let collection = ''
  beforeAll(async () => {
    h = await startChatHarness()
  })
  afterAll(() => h.close())

  const api = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    h.gw.app.inject({ method: method as 'GET', url, headers: { ...admin, ...headers }, ...(body === undefined ? {} : typeof body === 'string' || Buffer.isBuffer(body) ? { payload: body } : { payload: body as object }) })

  function multipart(name: string, bytes: Buffer) {
    const boundary = 'gatehouse-test-boundary'
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)])
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
  }

  it('creates a collection and indexes Markdown, HTML, PDF and plain text documents', async () => {
    const created = await api('POST', '/admin/collections', { name: 'office', description: 'How the office works', chunk_size: 400, chunk_overlap: 50 })
    expect(created.statusCode).toBe(201)
    collection = created.json().id
    expect(created.json()).toMatchObject({ name: 'office', embedding_model: null, chunk_size: 400, chunk_overlap: 50, document_count: 0 })
    expect((await api('POST', '/admin/collections', { name: 'office' })).statusCode).toBe(409)

    const md = multipart('handbook.md', Buffer.from(HANDBOOK))
    const docs = [
      await api('POST', `/admin/collections/${collection}/documents`, md.payload, md.headers),
      await api('POST', `/admin/collections/${collection}/documents`, { name: 'canteen.html', text: LUNCH_PAGE }),
      await api('POST', `/admin/collections/${collection}/documents`, { name: 'security note', text: 'Badges open the front door from seven in the morning until ten at night.' }),
    ]
    if (missingTools(['gs']).length === 0) {
      const pdf = multipart('fire.pdf', renderText(['In case of fire, leave by the east stairs.', 'Meet at the fountain in the square.'], 'text-pdf'))
      docs.push(await api('POST', `/admin/collections/${collection}/documents`, pdf.payload, pdf.headers))
    }
    for (const d of docs) expect(d.statusCode, d.body).toBe(201)
    expect(docs.map((d) => d.json().format)).toEqual(['markdown', 'html', 'text', 'pdf'].slice(0, docs.length))
    const listed = (await api('GET', `/admin/collections/${collection}/documents`)).json().data
    expect(listed).toHaveLength(docs.length)
    expect((await api('GET', `/admin/collections/${collection}`)).json()).toMatchObject({ document_count: docs.length })
  })

  it('puts the best chunks into the context with their documents named, and cites them', async () => {
    h.openai.next((_req, res) => {
      const content = 'The canteen serves fish soup on Fridays [1]. Coffee is free [1].'
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }))
      return true
    })
    const completion = await h.client.chat.completions.create({
      model: 'gpt-echo',
      messages: [{ role: 'user', content: 'What does the canteen cook on Fridays?' }],
      tools: [{ type: 'rag', rag: { mcp: { collection_uuid: collection, top_n: 2 } } }] as never,
    })
    const context = (h.openai.requests.at(-1)!.json.messages as Msg[]).find((m) => m.role === 'system')!.content
    expect(context).toMatch(/\[1\] canteen\.html\nURL: gatehouse:\/\/collections\/[0-9a-f-]+\/documents\/doc_[^#]+#chunk-0\n.*fish soup/)
    expect(context).not.toContain('TRACKER')
    expect(context.match(/^\[\d\] /gm)).toHaveLength(2)
    const annotations = (completion.choices[0]!.message as unknown as { annotations: Annotation[] }).annotations
    expect(annotations[0]!.url_citation).toMatchObject({ title: 'canteen.html', start_index: 0, end_index: 'The canteen serves fish soup on Fridays [1]'.length })
    expect(h.usageRows()[0]!.tools).toEqual([expect.objectContaining({ type: 'rag', name: collection, input: 'What does the canteen cook on Fridays?', status: 'ok' })])
  })

  it('honours query, and refuses a model_uuid that is not the collection embedding model', async () => {
    await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'hello' }], tools: [{ type: 'rag', rag: { mcp: { collection_uuid: collection, query: 'where do visitors park', top_n: 1 } } }] as never })
    expect((h.openai.requests.at(-1)!.json.messages as Msg[])[0]!.content).toContain('Visitors park in the south lot')
    const err = await h.client.chat.completions
      .create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'rag', rag: { mcp: { collection_uuid: collection, model_uuid: 'gpt-echo' } } }] as never })
      .catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 400, error: expect.objectContaining({ param: 'tools[0].rag.mcp.model_uuid' }) })
    const missing = await h.client.chat.completions
      .create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'rag', rag: { mcp: { collection_uuid: 'nope' } } }] as never })
      .catch((e: unknown) => e)
    expect(missing).toMatchObject({ status: 404, error: expect.objectContaining({ code: 'collection_not_found', param: 'tools[0].rag.mcp.collection_uuid' }) })
  })

  it('refuses what it cannot index, and deletes documents and collections with their chunks', async () => {
    const bin = multipart('blob.bin', Buffer.from([0, 1, 2, 3]))
    const refused = await api('POST', `/admin/collections/${collection}/documents`, bin.payload, bin.headers)
    expect([refused.statusCode, refused.json().error.code]).toEqual([400, 'unsupported_document'])
    expect((await api('POST', '/admin/collections', { name: 'vectors', embedding_model: 'gpt-echo' })).json().error).toMatchObject({ param: 'embedding_model', code: 'model_not_embedding' })

    const docs = (await api('GET', `/admin/collections/${collection}/documents`)).json().data as Array<{ id: string; name: string }>
    const canteen = docs.find((d) => d.name === 'canteen.html')!
    expect((await api('DELETE', `/admin/collections/${collection}/documents/${canteen.id}`)).json()).toEqual({ id: canteen.id, deleted: true })
    expect((await api('DELETE', `/admin/collections/${collection}/documents/${canteen.id}`)).statusCode).toBe(404)
    expect(h.gw.store.chunks.fullText(collection, 'fish soup canteen', 10).filter((c) => c.documentId === canteen.id)).toEqual([])

    expect((await api('DELETE', `/admin/collections/${collection}`)).statusCode).toBe(200)
    expect((await api('GET', `/admin/collections/${collection}`)).statusCode).toBe(404)
    expect(h.gw.store.chunks.fullText(collection, 'parking visitors lot', 10)).toEqual([])
    expect((await api('GET', '/admin/collections')).json().data).toEqual([])
  })

  it('needs the admin token', async () => {
    expect((await h.gw.app.inject({ method: 'GET', url: '/admin/collections' })).statusCode).toBe(401)
  })
})
