// html-to-text and linkedom (a DOM and a CSS engine) load with the first search that needs them, not at start-up.
const loadHtmlToText = () => import('html-to-text')
const loadLinkedom = () => import('linkedom')
import { WebFetchError, type WebFetcher } from './web-fetch'

export const SEARCH_ENGINES = ['searxng_search', 'duckduckgo_search', 'brave_search'] as const
export type SearchEngineName = (typeof SEARCH_ENGINES)[number]

export interface SearchHit {
  title: string
  url: string
  snippet: string
}

export interface SearchQuery {
  query: string
  count: number
  /** Two-letter country code, upper case. */
  country?: string
  /** Two-letter language code, lower case. */
  language?: string
  signal: AbortSignal
}

/** Where the engines are and how to reach them (resolved config; every URL is the admin's, so no address guard). */
export interface SearchEngineSettings {
  searxngUrl: string | null
  duckduckgoUrl: string
  braveUrl: string
  braveApiKey: string | null
}

export type SearchFailure = 'not_configured' | 'unreachable' | 'bad_reply'

/** An engine that could not answer: the tool turns it into a 502 (or a 400 when it is not configured) naming the engine. */
export class SearchEngineError extends Error {
  constructor(
    readonly engine: SearchEngineName,
    readonly failure: SearchFailure,
    message: string,
  ) {
    super(message)
    this.name = 'SearchEngineError'
  }
}

async function plainTexts(htmls: string[]): Promise<string[]> {
  const { convert } = await loadHtmlToText()
  return htmls.map((html) => convert(html, { wordwrap: false, selectors: [{ selector: 'a', options: { ignoreHref: true } }] }).trim())
}

function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v)
  return url.href
}

/** DuckDuckGo's region code: `fr-fr`, `us-en`; the United Kingdom is `uk-en` there. */
const duckRegion = (country: string, language: string) => `${country === 'GB' ? 'uk' : country.toLowerCase()}-${language}`

/** DuckDuckGo's HTML results link through `/l/?uddg=<target>`: the target is the result's URL. */
function duckTarget(href: string): string | null {
  try {
    const url = new URL(href, 'https://duckduckgo.com')
    const target = url.pathname === '/l/' ? url.searchParams.get('uddg') : url.href
    return target && /^https?:/.test(target) ? target : null
  } catch {
    return null
  }
}

async function parseDuckDuckGo(html: string): Promise<SearchHit[]> {
  const { parseHTML } = await loadLinkedom()
  const { document } = parseHTML(html)
  const hits: SearchHit[] = []
  const results = document.querySelectorAll('.result')
  for (let i = 0; i < results.length; i++) {
    const result = results[i]!
    if (result.classList.contains('result--ad')) continue
    const link = result.querySelector('a.result__a')
    const url = link && duckTarget(link.getAttribute('href') ?? '')
    if (!link || !url) continue
    hits.push({ title: link.textContent?.trim() ?? url, url, snippet: result.querySelector('.result__snippet')?.textContent?.trim() ?? '' })
  }
  return hits
}

function asRecords(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : []
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** The three engines of spec 2.4's query search, over one fetcher (timeouts, size cap) that trusts the configured URLs. */
export function createSearchEngines(settings: () => SearchEngineSettings, fetcher: WebFetcher) {
  async function get(engine: SearchEngineName, url: string, accept: string[], q: SearchQuery, headers: Record<string, string> = {}): Promise<string> {
    try {
      const page = await fetcher.fetch({ url, accept, signal: q.signal, headers, whole: true })
      return page.body.toString('utf8')
    } catch (err) {
      if (err instanceof WebFetchError) throw new SearchEngineError(engine, err.failure === 'status' || err.failure === 'content_type' ? 'bad_reply' : 'unreachable', `The search engine ${engine} failed: ${err.message}`)
      throw err
    }
  }

  function json(engine: SearchEngineName, text: string): Record<string, unknown> {
    try {
      return JSON.parse(text) as Record<string, unknown>
    } catch {
      throw new SearchEngineError(engine, 'bad_reply', `The search engine ${engine} did not answer JSON.`)
    }
  }

  const engines: Record<SearchEngineName, (q: SearchQuery) => Promise<SearchHit[]>> = {
    async searxng_search(q) {
      const base = settings().searxngUrl
      if (!base) throw new SearchEngineError('searxng_search', 'not_configured', 'searxng_search needs a SearXNG instance: set tools.web_search.searxng_url in the config or in Settings.')
      const language = q.language ? (q.country ? `${q.language}-${q.country}` : q.language) : undefined
      const url = withParams(`${base.replace(/\/+$/, '')}/search`, { q: q.query, format: 'json', language, pageno: '1' })
      const reply = json('searxng_search', await get('searxng_search', url, ['application/json'], q))
      return asRecords(reply.results).map((r) => ({ title: str(r.title), url: str(r.url), snippet: str(r.content) }))
    },
    async duckduckgo_search(q) {
      const kl = q.country && q.language ? duckRegion(q.country, q.language) : undefined
      const html = await get('duckduckgo_search', withParams(settings().duckduckgoUrl, { q: q.query, kl }), ['text/html'], q)
      return parseDuckDuckGo(html)
    },
    async brave_search(q) {
      const { braveUrl, braveApiKey } = settings()
      if (!braveApiKey) throw new SearchEngineError('brave_search', 'not_configured', 'brave_search needs an API key: set tools.web_search.brave_api_key (the key, or env:NAME) in the config or in Settings.')
      const url = withParams(braveUrl, { q: q.query, count: String(Math.min(q.count, 20)), country: q.country, search_lang: q.language })
      const reply = json('brave_search', await get('brave_search', url, ['application/json'], q, { 'x-subscription-token': braveApiKey, accept: 'application/json' }))
      const web = (reply.web ?? {}) as Record<string, unknown>
      const results = asRecords(web.results)
      const [titles, snippets] = await Promise.all([plainTexts(results.map((r) => str(r.title))), plainTexts(results.map((r) => str(r.description)))])
      return results.map((r, i) => ({ title: titles[i]!, url: str(r.url), snippet: snippets[i]! }))
    },
  }

  return {
    async search(engine: SearchEngineName, q: SearchQuery): Promise<SearchHit[]> {
      const hits = await engines[engine](q)
      return hits.filter((h) => /^https?:\/\//.test(h.url)).slice(0, q.count)
    },
  }
}

export type SearchEngines = ReturnType<typeof createSearchEngines>
