import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatCompletionChunk } from '../../../shared/chat/types'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import type { RecordedRequest } from '../../../../test/support/fake-upstream'
import { admin } from '../../../../test/support/harness'
import { BRAVE_TEST_KEY, startFakeWeb, UNREADABLE_PAGES, type FakeWeb } from '../../../../test/support/fake-web'
import { MAX_PAGES_PER_REQUEST } from './web-search/web-search-tool'

type Msg = { role: string; content: string }
type Annotation = { type: string; url_citation: { start_index: number; end_index: number; url: string; title: string } }

/** The fake upstream answers the next request with `content`, whole or streamed word by word. */
function answerNext(h: ChatHarness, content: string) {
  h.openai.next((req: RecordedRequest, res: ServerResponse) => {
    const base = { id: 'chatcmpl-cite', object: 'chat.completion.chunk', created: 1_790_000_000, model: 'gpt-4o-mini' }
    if (!req.json.stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }], usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 } }),
      )
      return true
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const word of content.split(/(?<= )/)) res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: word }, finish_reason: null }] })}\n\n`)
    res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`)
    res.end('data: [DONE]\n\n')
    return true
  })
}

const prompt = (h: ChatHarness) => h.openai.requests.at(-1)!.json as { messages: Msg[]; tools?: unknown[]; tool_choice?: unknown }
const contextOf = (h: ChatHarness) => prompt(h).messages.find((m) => m.role === 'system' && m.content.includes('The gateway ran tools'))?.content ?? ''
const webSearch = (mcp: unknown, extra: Record<string, unknown> = {}) => ({ type: 'web_search', web_search: { mcp, ...extra } })
const status = (e: unknown) => (e as { status?: number }).status
const errorOf = (e: unknown) => (e as { error?: { code?: string; param?: string; message?: string } }).error ?? {}

describe('web_search run by the gateway (official openai client, loopback fakes)', () => {
  let web: FakeWeb
  let h: ChatHarness
  let strict: ChatHarness

  beforeAll(async () => {
    web = await startFakeWeb()
    const tools = (allow: boolean) => ({
      web_search: { searxng_url: web.url, brave_url: `${web.url}/brave/res/v1/web/search`, brave_api_key: BRAVE_TEST_KEY, duckduckgo_url: `${web.url}/ddg/html/`, timeout: '3s', allow_private_addresses: allow },
    })
    h = await startChatHarness({ tools: tools(true) })
    strict = await startChatHarness({ tools: tools(false) })
  })
  afterAll(async () => {
    await h.close()
    await strict.close()
    await web.close()
  })

  const ask = (harness: ChatHarness, tools: unknown[], extra: Record<string, unknown> = {}) =>
    harness.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'Tell me about city animals.' }], tools: tools as never, ...extra })

  it('puts SearXNG results into the model context, numbered with their URLs, and strips the tool from upstream', async () => {
    const content = 'Paris has many street cats [1]. Lyon has dog parks [2].'
    answerNext(h, content)
    const completion = await ask(h, [webSearch({ type: 'query', options: { tool: 'searxng_search', query: 'city animals' } })])
    const searxng = web.requests.find((r) => r.url.startsWith('/search'))!
    expect(new URL(searxng.url, 'http://x').searchParams.get('q')).toBe('city animals')
    const context = contextOf(h)
    expect(context).toContain(`[1] Cats of Paris\nURL: ${web.url}/pages/cats\nParis has many street cats that sleep on zinc roofs.`)
    expect(context).toContain(`[2] Dogs of Lyon\nURL: ${web.url}/pages/dogs`)
    expect(prompt(h).tools).toBeUndefined()
    expect(prompt(h).tool_choice).toBeUndefined()

    const message = completion.choices[0]!.message
    expect(message.content).toBe(content)
    const annotations = (message as unknown as { annotations: Annotation[] }).annotations
    expect(annotations.map((a) => [content.slice(a.url_citation.start_index, a.url_citation.end_index), a.url_citation.url, a.url_citation.title])).toEqual([
      ['Paris has many street cats [1]', `${web.url}/pages/cats`, 'Cats of Paris'],
      ['Lyon has dog parks [2]', `${web.url}/pages/dogs`, 'Dogs of Lyon'],
    ])

    const row = h.usageRows().find((r) => r.status === 200 && r.tools.length)!
    expect(row.tools).toEqual([
      expect.objectContaining({ type: 'web_search', name: 'searxng_search', input: 'city animals', status: 'ok', sources: [{ title: 'Cats of Paris', url: `${web.url}/pages/cats` }, { title: 'Dogs of Lyon', url: `${web.url}/pages/dogs` }] }),
    ])
    const listed = (await h.gw.app.inject({ method: 'GET', url: '/admin/usage?limit=1', headers: admin })).json().data[0]
    expect(listed.tools).toEqual([expect.objectContaining({ type: 'web_search', name: 'searxng_search', status: 'ok', latency_ms: expect.any(Number), sources: row.tools[0]!.sources })])
  })

  it('searches Brave with its key and DuckDuckGo by its HTML results, keeping function tools for the model', async () => {
    const fn = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }
    answerNext(h, 'ok')
    await ask(h, [webSearch({ type: 'query', options: { tool: 'brave_search', query: 'cats', geo_location: 'FR' } }), fn], { tool_choice: 'auto' })
    const brave = web.requests.findLast((r) => r.url.startsWith('/brave/'))!
    expect(Object.fromEntries(new URL(brave.url, 'http://x').searchParams)).toMatchObject({ q: 'cats', country: 'FR', search_lang: 'fr' })
    expect(contextOf(h)).toContain('[1] Cats of Paris\nURL: ' + web.url + '/pages/cats\nParis has many street cats')
    expect(prompt(h).tools).toEqual([fn])
    expect(prompt(h).tool_choice).toBe('auto')

    answerNext(h, 'ok')
    await ask(h, [webSearch({ type: 'query', options: { tool: 'duckduckgo_search', query: 'dogs' } }, { search_context_size: 'low' })])
    const ddg = web.requests.findLast((r) => r.url.startsWith('/ddg/'))!
    expect(new URL(ddg.url, 'http://x').searchParams.get('q')).toBe('dogs')
    expect(contextOf(h)).toContain(`[2] Dogs of Lyon\nURL: ${web.url}/pages/dogs`)
    expect(contextOf(h)).not.toContain('ads.example')
  })

  it('with parse: true turns the page into readable text; without it the page comes as it is', async () => {
    answerNext(h, 'ok')
    await ask(h, [webSearch({ type: 'url', options: { tool: 'universal', url: `${web.url}/pages/moved`, parse: true } })])
    const parsed = contextOf(h)
    expect(parsed).toContain(`URL: ${web.url}/pages/cats`)
    expect(parsed).toContain('Paris has many street cats. They sleep on warm zinc roofs')
    expect(parsed).toContain('Montmartre has the most.')
    for (const markup of ['<p>', '<b>', '<article', 'SECRET-TRACKER', 'color: red', 'About us', 'All rights reserved']) expect(parsed).not.toContain(markup)

    answerNext(h, 'ok')
    await ask(h, [webSearch({ type: 'url', options: { tool: 'universal', url: `${web.url}/pages/cats` } })])
    expect(contextOf(h)).toContain('<p>Paris has <b>many</b> street cats.')
  })

  it('streams the citations in a chunk before the finish, with indices into the streamed content', async () => {
    const content = 'Cats sleep on roofs [1]. That is all.'
    answerNext(h, content)
    const stream = (await ask(h, [webSearch({ type: 'query', options: { tool: 'searxng_search', query: 'cats' } })], { stream: true })) as unknown as AsyncIterable<ChatCompletionChunk>
    let text = ''
    const seen: string[] = []
    let annotations: Annotation[] = []
    for await (const chunk of stream) {
      const choice = chunk.choices[0]
      if (!choice) continue
      text += choice.delta.content ?? ''
      const delta = choice.delta as { annotations?: Annotation[] }
      if (delta.annotations) annotations = delta.annotations
      seen.push(delta.annotations ? 'annotations' : choice.finish_reason ? 'finish' : 'content')
    }
    expect(text).toBe(content)
    expect(seen.slice(-2)).toEqual(['annotations', 'finish'])
    expect(annotations.map((a) => text.slice(a.url_citation.start_index, a.url_citation.end_index))).toEqual(['Cats sleep on roofs [1]'])
  })

  it('fails fast with a 502 naming an engine that cannot be reached, and 400 for one not set up', async () => {
    const dead = await startChatHarness({ tools: { web_search: { searxng_url: 'http://127.0.0.1:9', timeout: '3s' } } })
    try {
      const before = dead.openai.requests.length
      const err = await ask(dead, [webSearch({ type: 'query', options: { tool: 'searxng_search', query: 'cats' } })]).catch((e: unknown) => e)
      expect(status(err)).toBe(502)
      expect(errorOf(err)).toMatchObject({ code: 'search_engine_unreachable' })
      expect(errorOf(err).message).toMatch(/searxng_search.*could not be reached.*ECONNREFUSED/)
      expect(dead.openai.requests.length).toBe(before)
      expect(dead.usageRows()[0]).toMatchObject({ status: 502, tools: [expect.objectContaining({ name: 'searxng_search', status: 'error' })] })

      const unset = await ask(dead, [webSearch({ type: 'query', options: { tool: 'brave_search', query: 'cats' } })]).catch((e: unknown) => e)
      expect(status(unset)).toBe(400)
      expect(errorOf(unset)).toMatchObject({ code: 'search_engine_not_configured', param: 'tools[0].web_search.mcp.options.tool' })
    } finally {
      await dead.close()
    }
  })

  it('refuses a URL that resolves to 127.0.0.1 unless private addresses are allowed', async () => {
    const port = new URL(web.url).port
    for (const url of [`http://localhost:${port}/pages/cats`, `http://127.0.0.1:${port}/pages/cats`, `http://[::ffff:127.0.0.1]:${port}/pages/cats`]) {
      const err = await ask(strict, [webSearch({ type: 'url', options: { tool: 'universal', url, parse: true } })]).catch((e: unknown) => e)
      expect(status(err)).toBe(400)
      expect(errorOf(err)).toMatchObject({ code: 'url_not_allowed', param: 'tools[0].web_search.mcp.options.url' })
      expect(errorOf(err).message).toMatch(/allow_private_addresses/)
    }
    answerNext(h, 'ok')
    await ask(h, [webSearch({ type: 'url', options: { tool: 'universal', url: `http://localhost:${port}/pages/cats`, parse: true } })])
    expect(contextOf(h)).toContain('Paris has many street cats')

    // search results on private addresses keep their snippets; the pages themselves are not fetched
    answerNext(strict, 'ok')
    const fetchedBefore = web.requests.filter((r) => r.url.startsWith('/pages/')).length
    await ask(strict, [webSearch({ type: 'query', options: { tool: 'searxng_search', query: 'cats', parse: true } })])
    expect(web.requests.filter((r) => r.url.startsWith('/pages/')).length).toBe(fetchedBefore)
    expect(contextOf(strict)).toContain('Paris has many street cats that sleep on zinc roofs.')
  })

  it('reads a page with no readable text (empty, bare words, binary, gzip) as no text, never a 500; a gzip-encoded page unpacked', async () => {
    for (const page of UNREADABLE_PAGES) {
      answerNext(h, 'ok')
      const completion = await ask(h, [webSearch({ type: 'url', options: { tool: 'universal', url: `${web.url}/pages/${page}`, parse: true } })])
      expect(completion.choices[0]!.message.content).toBe('ok')
      const context = contextOf(h)
      expect(context).toContain(`URL: ${web.url}/pages/${page}`)
      if (page === 'tagless') expect(context).toContain('just words, no markup at all')
      if (page === 'gzip-encoded') expect(context).toContain("Lyon's dogs walk along the Rhône every morning")
      expect(context).not.toContain('\u0000')
    }
  })

  it('keeps the snippet of a search result whose page has no readable text, and the others parsed', async () => {
    answerNext(h, 'ok')
    await ask(h, [webSearch({ type: 'query', options: { tool: 'searxng_search', query: 'unreadable pages', parse: true } })])
    const context = contextOf(h)
    expect(context).toContain('Paris has many street cats. They sleep on warm zinc roofs')
    for (const page of UNREADABLE_PAGES.filter((p) => p !== 'tagless' && p !== 'gzip-encoded')) expect(context).toContain(`Snippet of the ${page} page.`)
    expect(context).toContain("Lyon's dogs walk along the Rhône")
  })

  it(`fetches at most ${MAX_PAGES_PER_REQUEST} pages for the web_search tools of one request`, async () => {
    const before = web.requests.length
    const tools = Array.from({ length: MAX_PAGES_PER_REQUEST + 1 }, () => webSearch({ type: 'url', options: { tool: 'universal', url: `${web.url}/pages/cats`, parse: true } }))
    const err = await ask(h, tools).catch((e: unknown) => e)
    expect(status(err)).toBe(400)
    expect(errorOf(err)).toMatchObject({ code: 'too_many_pages', param: `tools[${MAX_PAGES_PER_REQUEST}].web_search.mcp.options.url` })
    expect(web.requests.length - before).toBeLessThanOrEqual(MAX_PAGES_PER_REQUEST)
  })

  it(`fetches the ${MAX_PAGES_PER_REQUEST} pages of one request at once without a listener-leak warning in the log`, async () => {
    const warnings: Error[] = []
    const onWarning = (w: Error) => warnings.push(w)
    process.on('warning', onWarning)
    try {
      const tools = Array.from({ length: MAX_PAGES_PER_REQUEST }, () => webSearch({ type: 'url', options: { tool: 'universal', url: `${web.url}/pages/cats`, parse: true } }))
      await ask(h, tools)
      await new Promise((r) => setImmediate(r))
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([])
  })

  it('refuses what it cannot read and an engine it does not have, naming the field', async () => {
    const binary = await ask(h, [webSearch({ type: 'url', options: { tool: 'universal', url: `${web.url}/pages/binary` } })]).catch((e: unknown) => e)
    expect(status(binary)).toBe(400)
    expect(errorOf(binary)).toMatchObject({ code: 'unsupported_content_type' })
    const unknown = await ask(h, [webSearch({ type: 'query', options: { tool: 'bing_search', query: 'x' } })]).catch((e: unknown) => e)
    expect(status(unknown)).toBe(400)
    expect(errorOf(unknown)).toMatchObject({ code: 'unknown_search_engine', param: 'tools[0].web_search.mcp.options.tool' })
  })
})
