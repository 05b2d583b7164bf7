import type { ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify'
import type { Clock } from '../kernel/runtime'
import { MAX_CACHED_BYTES, type CachedEndpoint, type ResponseCache } from '../services/cache/response-cache'
import { requestContext } from './request-context'

/** The routes whose answers the cache keeps, by their URL. */
const CACHED_ROUTES: Record<string, CachedEndpoint> = {
  '/v1/chat/completions': 'chat.completions',
  '/v1/messages': 'messages',
  '/v1/responses': 'responses',
  '/v1/embeddings': 'embeddings',
}

type Answer = { status: number; contentType: string; body: Buffer; servedModelId: string | null }

/**
 * Copies what a reply writes (Fastify's send, a hijacked stream, a passthrough's relayed bytes alike)
 * and hands it over once the reply finished; a reply that outgrows MAX_CACHED_BYTES or never
 * finishes (the client left) hands nothing.
 */
function copyReply(res: ServerResponse, finished: (answer: Answer) => void): void {
  const chunks: Buffer[] = []
  let size = 0
  const copy = (chunk: unknown, encoding: unknown) => {
    if (size > MAX_CACHED_BYTES || chunk === null || chunk === undefined || typeof chunk === 'function') return
    const bytes = Buffer.isBuffer(chunk) ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk) : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    size += bytes.length
    if (size > MAX_CACHED_BYTES) chunks.length = 0
    else chunks.push(bytes)
  }
  // Fastify's send and the stream replies pass their headers to writeHead, where getHeader never sees them.
  let head: Record<string, unknown> = {}
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  res.writeHead = ((...args: unknown[]) => {
    const headers = args.find((a, i) => i > 0 && a && typeof a === 'object' && !Array.isArray(a))
    if (headers) head = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
    return writeHead(...args)
  }) as ServerResponse['writeHead']
  const header = (name: string) => {
    const v = head[name] ?? res.getHeader(name)
    return typeof v === 'string' ? v : Array.isArray(v) ? String(v[0]) : v === undefined ? null : String(v)
  }
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
  res.write = ((...args: unknown[]) => {
    copy(args[0], args[1])
    return write(...args)
  }) as ServerResponse['write']
  res.end = ((...args: unknown[]) => {
    copy(args[0], args[1])
    return end(...args)
  }) as ServerResponse['end']
  res.once('finish', () => {
    if (size > MAX_CACHED_BYTES) return
    finished({ status: res.statusCode, contentType: header('content-type') ?? 'application/json', body: Buffer.concat(chunks), servedModelId: header('x-svc-model-id') })
  })
}

/**
 * The response cache in front of chat, Messages, Responses and embeddings: takes `cache` out of the
 * body, answers a hit from the store (`x-svc-cache: hit`), and keeps a miss's answer once it is sent
 * (`x-svc-cache: miss`). Runs after authentication (the team is in the key) and before the route.
 */
export function installResponseCache(app: FastifyInstance, { cache, clock }: { cache: ResponseCache; clock: Clock }): void {
  /** Plans the request's use of the cache; true when it answered from it. */
  const answeredFromCache = (endpoint: CachedEndpoint, req: FastifyRequest, reply: FastifyReply): boolean => {
    if (!req.principal) return false
    const raw = Buffer.isBuffer(req.body) ? req.body : null
    const header = req.headers['x-svc-cache-ttl']
    // Bytes kept for a passthrough are parsed here only when the cache may take part: the team caches, or the request asks.
    if (raw && !req.principal.team.cacheTtlSeconds && header === undefined && !raw.includes('"cache"')) return false
    let body: unknown = req.body
    if (raw) {
      try {
        body = JSON.parse(raw.toString('utf8'))
      } catch {
        return false // the route says what is wrong with it
      }
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return false
    // Anthropic's beta flags change what a Messages answer holds.
    const variant = endpoint === 'messages' ? String(req.headers['anthropic-beta'] ?? '') : ''
    const { plan, stripped } = cache.plan(req, endpoint, body as Record<string, unknown>, typeof header === 'string' ? header : undefined, variant)
    // A passthrough sends the client's bytes on untouched, unless `cache` had to come out of them.
    if (stripped && raw) req.body = Buffer.from(JSON.stringify(body))
    if (!plan) return false
    const hit = cache.lookup(plan, req.principal.team)
    if (hit) {
      const ctx = requestContext(req, reply, clock)
      cache.recordHit(ctx, plan, hit)
      reply.code(200).headers({ 'x-svc-cache': 'hit', 'content-type': hit.contentType, 'x-svc-completion-time-ms': String(clock.now() - ctx.startedAt), ...(hit.servedModelId ? { 'x-svc-model-id': hit.servedModelId } : {}) })
      reply.send(hit.body)
      return true
    }
    reply.header('x-svc-cache', 'miss')
    copyReply(reply.raw, (answer) => {
      try {
        cache.keep(plan, answer)
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'an answer could not be kept in the response cache')
      }
    })
    return false
  }
  // On the cached routes only, whichever plugin registers them, so no other route runs it and these need not look
  // their URL up per request. Callback-style: an async hook costs each request a promise and a turn.
  app.addHook('onRoute', (route) => {
    const endpoint = CACHED_ROUTES[route.url]
    if (!endpoint || !asList(route.method).includes('POST')) return
    const preHandler: preHandlerHookHandler = (req, reply, done) => {
      let answered: boolean
      try {
        answered = answeredFromCache(endpoint, req, reply)
      } catch (err) {
        return done(err as Error)
      }
      // A hit has been sent: the route does not run.
      if (!answered) done()
    }
    route.preHandler = [...asList(route.preHandler), preHandler]
  })
}

const asList = <T>(items: T | T[] | undefined): T[] => (items === undefined ? [] : Array.isArray(items) ? items : [items])
