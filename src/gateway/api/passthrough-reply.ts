import type { FastifyReply } from 'fastify'
import type { Clock } from '../kernel/runtime'
import type { ByteSink } from '../services/pipeline/relay-bytes'
import type { Served } from '../services/pipeline/pipeline'
import type { RequestContext } from '../services/pipeline/request-context'
import { writeWithBackpressure } from '../http/write-with-backpressure'
import { servedHeaders } from './request-context'

/** What a passthrough needs of an upstream reply here: its status and headers (the body goes through a ByteSink). */
type UpstreamHead = { status: number; headers: Record<string, string | string[] | undefined> }

/** Which upstream reply headers a passthrough relays: content, request id, retry and rate-limit information. */
export interface PassedHeaders {
  names: readonly string[]
  prefix: string
}

/** The headers of an upstream reply that a passthrough relays. */
export function passedHeaders(headers: UpstreamHead['headers'], keep: PassedHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && (keep.names.includes(name) || name.startsWith(keep.prefix))) out[name] = value
  }
  return out
}

/**
 * Takes over the reply of a passthrough: the upstream's status and chosen headers (plus the `x-svc-*`
 * ones on success), and a sink that writes the upstream's bytes as they come.
 */
export function openPassthroughReply(reply: FastifyReply, forwarded: Served<UpstreamHead>, keep: PassedHeaders, ctx: RequestContext, clock: Clock): ByteSink {
  const res = forwarded.value
  reply.hijack()
  reply.raw.writeHead(res.status, {
    ...(reply.getHeaders() as Record<string, string>),
    ...passedHeaders(res.headers, keep),
    ...(res.status < 400 ? servedHeaders(forwarded, clock.now() - ctx.startedAt) : {}),
  })
  return { write: (chunk) => writeWithBackpressure(reply.raw, chunk), end: () => reply.raw.end() }
}
