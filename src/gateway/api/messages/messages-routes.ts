import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../kernel/runtime'
import { installApiKeyAuth } from '../../http/api-key-auth'
import { abortOnClientClose } from '../../http/client-abort'
import { fallbacksQuery } from '../../http/fallbacks-query'
import { writeWithBackpressure } from '../../http/write-with-backpressure'
import type { Authenticate } from '../../services/auth/authenticate'
import { createAnthropicSseUsageObserver } from '../../services/messages/anthropic-sse-usage'
import type { MessagesService } from '../../services/messages/messages-service'
import { usageFromMessageBody } from '../../services/messages/usage-from-message'
import { successHeaders } from '../chat/chat-routes'

/** Upstream reply headers worth passing on: content, request id, retry and rate-limit information. */
function passedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    if (['content-type', 'content-length', 'request-id', 'retry-after', 'x-should-retry'].includes(name) || name.startsWith('anthropic-')) out[name] = value
  }
  return out
}

const MAX_JSON_FOR_USAGE = 64 * 1024 * 1024

/**
 * `POST /v1/messages` (spec 2.5, 4.2). The body is read as raw bytes and never re-serialized; the reply
 * is relayed byte for byte, JSON or SSE, while its usage is read on the way past.
 */
export async function messagesRoutes(app: FastifyInstance, opts: { messages: MessagesService; clock: Clock; authenticate: Authenticate }) {
  const { messages, clock } = opts
  installApiKeyAuth(app, opts.authenticate)
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  app.post('/v1/messages', async (req, reply) => {
    const useFallbacks = fallbacksQuery(req.query)
    const signal = abortOnClientClose(reply)
    const who = { principal: req.principal, requestId: req.id, source: 'api', startedAt: clock.now() }
    const prep = messages.prepare(who, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), useFallbacks)
    let forwarded
    try {
      forwarded = await messages.forward(prep, req.headers, signal)
    } catch (err) {
      messages.settle(who, prep, { target: null, status: (err as { status?: number }).status ?? 499, usage: null, error: (err as Error).message })
      throw err
    }
    const { res, target } = forwarded
    reply.hijack()
    reply.raw.writeHead(res.status, {
      ...(reply.getHeaders() as Record<string, string>),
      ...passedHeaders(res.headers),
      ...(res.status < 400 ? successHeaders(forwarded, clock.now() - who.startedAt) : {}),
    })
    const sse = String(res.headers['content-type'] ?? '').startsWith('text/event-stream')
    const observer = sse ? createAnthropicSseUsageObserver() : null
    const kept: Buffer[] = []
    let keptBytes = 0
    let status = res.status
    let error: string | null = null
    try {
      for await (const chunk of res.body) {
        if (observer) observer.observe(chunk)
        else if (keptBytes < MAX_JSON_FOR_USAGE) {
          kept.push(chunk)
          keptBytes += chunk.length
        }
        await writeWithBackpressure(reply.raw, chunk)
      }
    } catch (err) {
      status = signal.aborted ? 499 : 502
      error = signal.aborted ? 'The client closed the connection before the reply ended.' : (err as Error).message
    } finally {
      if (signal.aborted && status < 400) status = 499
      reply.raw.end()
      res.body.destroy()
    }
    const state = observer?.state()
    if (state?.error && !error) error = `${state.error.type}: ${state.error.message}`
    const usage = state ? state.usage : res.status < 400 ? usageFromMessageBody(Buffer.concat(kept)) : null
    messages.settle(who, prep, { target, status, usage, error: error ?? (res.status >= 400 ? `upstream status ${res.status}` : null) })
  })
}
