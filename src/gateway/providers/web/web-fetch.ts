import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import type { Agent } from 'undici'
import type * as Undici from 'undici'
import { loadOnFirstUse } from '../../kernel/load-on-first-use'
import { deadlineSignal } from '../upstream/deadline-signal'
import { BlockedAddressError, guardedLookup, isPublicAddress, literalAddress, type LookupFunction } from './address-policy'

// Loaded by the first page a tool fetches.
const undici = loadOnFirstUse<typeof Undici>('undici')
const isUndiciTimeout = (err: unknown) => {
  const { errors } = undici()
  return err instanceof errors.HeadersTimeoutError || err instanceof errors.BodyTimeoutError || err instanceof errors.ConnectTimeoutError
}

/** Why a fetch gave up, for the caller to word (a 400 for a refused URL, a 502 for a dead site). */
export type WebFetchFailure = 'blocked' | 'scheme' | 'timeout' | 'unreachable' | 'status' | 'content_type' | 'too_large' | 'redirects'

export class WebFetchError extends Error {
  constructor(
    readonly failure: WebFetchFailure,
    readonly url: string,
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'WebFetchError'
  }
}

export interface WebFetchLimits {
  /** The whole fetch, redirects and body included. */
  timeoutMs: number
  /** Bytes read at most; a longer body is cut there (`truncated`), or refused when `whole` is asked. */
  maxBytes: number
  maxRedirects: number
}

export interface WebFetchRequest {
  url: string
  /** Media types taken (`text/html`, `application/pdf`, ...); anything else is refused before its body is read. */
  accept: readonly string[]
  signal: AbortSignal
  headers?: Record<string, string>
  /** Refuse a body over the cap instead of cutting it (a PDF cut short is unreadable). */
  whole?: boolean
}

export interface FetchedPage {
  /** Where the content came from, after redirects. */
  url: string
  status: number
  mediaType: string
  charset: string | null
  body: Buffer
  truncated: boolean
}

export interface WebFetcherOptions {
  limits: WebFetchLimits
  /** Off by default: loopback, private and link-local addresses are refused, after DNS and on every redirect. */
  allowPrivateAddresses: boolean
  /** Stands in for DNS (tests). */
  lookup?: LookupFunction
  /** Stands in for the address policy (tests that need one loopback address allowed and another refused). */
  allowAddress?: (ip: string) => boolean
  userAgent?: string
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** A body sent compressed though nothing asked for it is unpacked as it streams, so the byte cap counts what it unpacks to. */
function decoded(body: Readable, encoding: string | undefined): AsyncIterable<Buffer> {
  const coding = encoding?.trim().toLowerCase()
  const decoder = coding === 'gzip' || coding === 'x-gzip' ? createGunzip() : coding === 'deflate' ? createInflate() : coding === 'br' ? createBrotliDecompress() : null
  if (!decoder) return body
  body.pipe(decoder)
  // a corrupt stream, or a body cut at the cap, ends the download too
  decoder.on('close', () => body.destroy())
  return decoder
}
const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; Gatehouse gateway tools)'

const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

function parseContentType(value: string | undefined): { mediaType: string; charset: string | null } {
  const [type = '', ...params] = (value ?? '').split(';')
  const charset = params.map((p) => p.trim().split('=')).find(([k]) => k?.toLowerCase() === 'charset')?.[1]
  return { mediaType: type.trim().toLowerCase(), charset: charset ? charset.replace(/"/g, '').trim().toLowerCase() : null }
}

function findCause<T>(err: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) if (e instanceof type) return e
  return undefined
}

function errorCode(err: unknown): string | undefined {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && !code.startsWith('UND_ERR')) return code
  }
  return undefined
}

/**
 * Fetches web pages for the gateway's tools: a timeout over the whole fetch, a byte cap, a redirect
 * limit, a content-type check, and an address check after DNS resolution on every hop.
 */
export function createWebFetcher(opts: WebFetcherOptions) {
  const allowed = opts.allowAddress ?? (opts.allowPrivateAddresses ? () => true : isPublicAddress)
  let agent: Agent | undefined
  const connections = () =>
    (agent ??= new (undici().Agent)({
      connect: { lookup: guardedLookup(allowed, opts.lookup) as never, timeout: opts.limits.timeoutMs },
      headersTimeout: opts.limits.timeoutMs,
      bodyTimeout: opts.limits.timeoutMs,
      keepAliveTimeout: 10_000,
    }))

  function checkUrl(raw: string): URL {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new WebFetchError('scheme', raw, `"${raw.slice(0, 200)}" is not an absolute URL such as "https://example.com/page".`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebFetchError('scheme', raw, `Only http and https URLs can be fetched; got ${url.protocol.slice(0, -1)}.`)
    if (url.username || url.password) throw new WebFetchError('scheme', raw, 'URLs with a user name or password are not fetched.')
    const literal = literalAddress(url)
    if (literal && !allowed(literal)) throw new WebFetchError('blocked', raw, new BlockedAddressError(url.hostname, literal).message)
    return url
  }

  async function readBody(body: AsyncIterable<Buffer>, url: string, maxBytes: number, whole: boolean): Promise<{ body: Buffer; truncated: boolean }> {
    const parts: Buffer[] = []
    let size = 0
    for await (const chunk of body) {
      const room = maxBytes - size
      if (chunk.length > room) {
        if (whole) throw new WebFetchError('too_large', url, `${url} is larger than the fetch size cap of ${maxBytes} bytes (tools.web_search.max_page_bytes).`)
        parts.push(chunk.subarray(0, room))
        size += room
        return { body: Buffer.concat(parts, size), truncated: true }
      }
      parts.push(chunk)
      size += chunk.length
    }
    return { body: Buffer.concat(parts, size), truncated: false }
  }

  async function fetchPage(req: WebFetchRequest): Promise<FetchedPage> {
    const { limits } = opts
    const deadline = deadlineSignal(req.signal, limits.timeoutMs)
    let url = checkUrl(req.url)
    try {
      for (let hop = 0; ; hop++) {
        const res = await connections().request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: { 'user-agent': opts.userAgent ?? DEFAULT_USER_AGENT, accept: `${req.accept.join(', ')};q=1, */*;q=0.1`, ...req.headers },
          signal: deadline.signal,
        })
        res.body.on('error', () => {})
        const location = firstHeader(res.headers.location)
        if (REDIRECTS.has(res.statusCode) && location) {
          res.body.destroy()
          if (hop >= limits.maxRedirects) throw new WebFetchError('redirects', req.url, `${req.url} redirected more than ${limits.maxRedirects} times.`)
          url = checkUrl(new URL(location, url).href)
          continue
        }
        if (res.statusCode >= 400) {
          res.body.destroy()
          throw new WebFetchError('status', url.href, `${url.href} answered HTTP ${res.statusCode}.`, res.statusCode)
        }
        const { mediaType, charset } = parseContentType(firstHeader(res.headers['content-type']))
        if (!req.accept.includes(mediaType)) {
          res.body.destroy()
          throw new WebFetchError('content_type', url.href, `${url.href} is ${mediaType || 'of no declared type'}; the tool reads ${req.accept.join(', ')}.`)
        }
        const { body, truncated } = await readBody(decoded(res.body, firstHeader(res.headers['content-encoding'])), url.href, limits.maxBytes, req.whole ?? false)
        return { url: url.href, status: res.statusCode, mediaType, charset, body, truncated }
      }
    } catch (err) {
      if (err instanceof WebFetchError) throw err
      if (req.signal.aborted) throw err
      const blocked = findCause(err, BlockedAddressError)
      if (blocked) throw new WebFetchError('blocked', url.href, blocked.message)
      if (deadline.timedOut() || isUndiciTimeout(err)) {
        throw new WebFetchError('timeout', url.href, `${url.href} did not answer within ${limits.timeoutMs / 1000} s.`)
      }
      const code = errorCode(err)
      throw new WebFetchError('unreachable', url.href, `${url.href} could not be reached${code ? ` (${code})` : ''}.`)
    } finally {
      deadline.release()
    }
  }

  return { fetch: fetchPage, close: async () => agent?.close() }
}

export type WebFetcher = ReturnType<typeof createWebFetcher>
