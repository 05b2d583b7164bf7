import { badRequest } from '../../../../shared/errors'
import type { WebSearchTool } from '../../../../shared/chat/types'
import type { DocumentEngine } from '../../../engines/documents/document-engine'
import { createSearchEngines, SEARCH_ENGINES, SearchEngineError, type SearchEngineName, type SearchHit } from '../../../providers/web/search-engines'
import { createWebFetcher, WebFetchError, type FetchedPage, type WebFetcher, type WebFetcherOptions } from '../../../providers/web/web-fetch'
import type { ToolSettings, WebSearchSettings } from '../tool-settings'
import { clip, CONTEXT_SIZES, regionOf, toolFailed, type Source } from '../tool-sources'

const PAGE_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain', 'text/markdown', 'application/pdf'] as const
/**
 * Pages the web_search tools of one request fetch at most, URLs and search results together: a request
 * with a hundred tools would otherwise fan out hundreds of fetches and parses. A search result past it keeps
 * its snippet; a URL past it is refused.
 */
export const MAX_PAGES_PER_REQUEST = 20

export interface WebSearchRun {
  /** The engine (`searxng_search`, ...) or `universal` for a URL. */
  name: string
  input: string
  sources: Source[]
}

export interface WebSearchDeps {
  settings: ToolSettings
  documents: DocumentEngine
  /** Test seams: DNS and the address policy of page fetches. */
  fetcherOverrides?: Partial<Pick<WebFetcherOptions, 'lookup' | 'allowAddress'>>
}

const decode = (page: FetchedPage) => {
  try {
    return new TextDecoder(page.charset ?? 'utf-8').decode(page.body)
  } catch {
    return new TextDecoder('utf-8').decode(page.body)
  }
}

const TITLE = /<title[^>]*>([\s\S]{0,500}?)<\/title>/i

/** A page as text: readable text (`parse: true`) or the body as it came; PDFs by their text layer either way. Parsing runs in a document worker. */
async function pageText(documents: DocumentEngine, page: FetchedPage, parse: boolean, signal: AbortSignal, param: string): Promise<{ title: string; text: string }> {
  if (page.mediaType === 'application/pdf') return { title: page.url, text: (await documents.pdfText(page.body, { signal, subject: { name: page.url, param } })).join('\n\n') }
  const body = decode(page)
  const html = page.mediaType === 'text/html' || page.mediaType === 'application/xhtml+xml'
  if (parse && html) {
    const readable = await documents.readableText(body, page.url, { signal, subject: { name: page.url, param } })
    return { title: readable.title || page.url, text: readable.text }
  }
  const title = html ? TITLE.exec(body.slice(0, 65_536))?.[1]?.trim() : undefined
  return { title: title || page.url, text: body }
}

/**
 * The web_search tool of spec 2.4: a query through one of three engines (SearXNG, DuckDuckGo's HTML
 * results, Brave's API), or one URL fetched. Results become sources within `search_context_size`.
 */
export function createWebSearchTool(deps: WebSearchDeps) {
  let fetchers: { version: number; pages: WebFetcher; engines: WebFetcher; search: ReturnType<typeof createSearchEngines> } | undefined

  function current(s: WebSearchSettings) {
    if (fetchers?.version === s.version) return fetchers
    void fetchers?.pages.close()
    void fetchers?.engines.close()
    const limits = { timeoutMs: s.timeoutMs, maxBytes: s.maxPageBytes, maxRedirects: s.maxRedirects }
    const pages = createWebFetcher({ limits, allowPrivateAddresses: s.allowPrivateAddresses, ...deps.fetcherOverrides })
    // the engines' URLs are the admin's own (a SearXNG on this machine is usual): no address guard there
    const engines = createWebFetcher({ limits, allowPrivateAddresses: true })
    fetchers = { version: s.version, pages, engines, search: createSearchEngines(() => deps.settings.webSearch(), engines) }
    return fetchers
  }

  function fetchFailure(err: WebFetchError, param: string) {
    switch (err.failure) {
      case 'blocked':
        return toolFailed(400, 'url_not_allowed', err.message, param)
      case 'scheme':
        return toolFailed(400, 'invalid_url', err.message, param)
      case 'content_type':
        return toolFailed(400, 'unsupported_content_type', err.message, param)
      case 'timeout':
        return toolFailed(502, 'web_fetch_timeout', err.message, param)
      default:
        return toolFailed(502, 'web_fetch_failed', err.message, param)
    }
  }

  async function fetchText(f: WebFetcher, url: string, parse: boolean, signal: AbortSignal, param: string, language?: string) {
    const page = await f.fetch({ url, accept: PAGE_TYPES, signal, headers: language ? { 'accept-language': `${language},en;q=0.5` } : {} })
    return { url: page.url, ...(await pageText(deps.documents, page, parse, signal, param)) }
  }

  /** Pages fetched so far by each request (its signal is one per request), for MAX_PAGES_PER_REQUEST. */
  const fetched = new WeakMap<AbortSignal, number>()
  function takePage(signal: AbortSignal): boolean {
    const n = fetched.get(signal) ?? 0
    if (n >= MAX_PAGES_PER_REQUEST) return false
    fetched.set(signal, n + 1)
    return true
  }

  return {
    async run(tool: WebSearchTool, fallbackQuery: string, signal: AbortSignal, param: string): Promise<WebSearchRun> {
      const s = deps.settings.webSearch()
      const f = current(s)
      const options = tool.web_search ?? {}
      const size = CONTEXT_SIZES[options.search_context_size ?? 'medium']
      const mcp = options.mcp
      const region = regionOf(mcp?.options.geo_location ?? options.user_location?.country, mcp?.options.geo_location !== undefined ? `${param}.mcp.options.geo_location` : `${param}.user_location.country`)
      const parse = mcp?.options.parse ?? false

      if (mcp?.type === 'url') {
        const urlParam = `${param}.mcp.options.url`
        if (!takePage(signal)) {
          throw badRequest(`${urlParam}: the web_search tools of one request fetch at most ${MAX_PAGES_PER_REQUEST} pages; send fewer web_search tools.`, urlParam, 'too_many_pages')
        }
        try {
          const page = await fetchText(f.pages, mcp.options.url, parse, signal, urlParam, region?.language)
          return { name: 'universal', input: mcp.options.url, sources: [{ title: page.title, url: page.url, text: clip(page.text, size.chars) }] }
        } catch (err) {
          throw err instanceof WebFetchError ? fetchFailure(err, urlParam) : err
        }
      }

      const engine = (mcp?.options.tool ?? defaultEngine(s)) as SearchEngineName
      if (!SEARCH_ENGINES.includes(engine)) {
        throw badRequest(`${param}.mcp.options.tool: unknown search engine "${engine}"; this gateway has ${SEARCH_ENGINES.join(', ')}.`, `${param}.mcp.options.tool`, 'unknown_search_engine')
      }
      const query = mcp?.options.query ?? fallbackQuery
      if (!query.trim()) throw badRequest(`${param}: nothing to search for; give mcp.options.query or end the messages with a user message.`, `${param}.mcp.options.query`)
      let hits: SearchHit[]
      try {
        hits = await f.search.search(engine, { query, count: Math.min(size.results, s.maxResults), signal, ...region })
      } catch (err) {
        if (!(err instanceof SearchEngineError)) throw err
        if (err.failure === 'not_configured') throw toolFailed(400, 'search_engine_not_configured', err.message, `${param}.mcp.options.tool`)
        throw toolFailed(502, err.failure === 'unreachable' ? 'search_engine_unreachable' : 'search_engine_error', err.message)
      }
      const perSource = Math.floor(size.chars / Math.max(1, hits.length))
      const sources = await Promise.all(
        hits.map(async (hit): Promise<Source> => {
          const snippet = { title: hit.title, url: hit.url, text: clip(hit.snippet, perSource) }
          if (!parse || !takePage(signal)) return snippet
          try {
            const page = await fetchText(f.pages, hit.url, true, signal, param, region?.language)
            return page.text.trim() ? { title: hit.title || page.title, url: hit.url, text: clip(page.text, perSource) } : snippet
          } catch {
            // one page that cannot be fetched or read (refused, gone, slow, no text, too large to parse) keeps its snippet
            signal.throwIfAborted()
            return snippet
          }
        }),
      )
      return { name: engine, input: query, sources }
    },
    async close() {
      await fetchers?.pages.close()
      await fetchers?.engines.close()
    },
  }
}

/** Without `mcp`, the engine the admin set up: SearXNG, else Brave with its key, else DuckDuckGo. */
const defaultEngine = (s: WebSearchSettings): SearchEngineName => (s.searxngUrl ? 'searxng_search' : s.braveApiKey ? 'brave_search' : 'duckduckgo_search')

export type WebSearchToolRunner = ReturnType<typeof createWebSearchTool>
