import type { FastifyReply } from 'fastify'

export const EVENT_STREAM_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' }
export const NDJSON_HEADERS = { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' }

/**
 * Takes the reply over for a stream: a 200 with the headers the hooks set, the request's own (the
 * served model's `X-Svc-*`), and the stream's content type (server-sent events unless told otherwise).
 */
export function openStreamReply(reply: FastifyReply, headers: Record<string, string>, type: Record<string, string> = EVENT_STREAM_HEADERS): void {
  reply.hijack()
  // getHeaders gives a fresh object: the request's and the stream's headers go on it, no second copy.
  reply.raw.writeHead(200, Object.assign(reply.getHeaders() as Record<string, string>, headers, type))
}
