import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { GatewayError, isGatewayError } from '../../shared/errors'
import { formatBytes } from '../config/units'
import { storageFault, storageFaultError } from '../kernel/storage-fault'
import { anthropicErrorBody, ollamaErrorBody, openAiErrorBody } from '../../shared/error-bodies'

const isAnthropicFamily = (url: string) => url.startsWith('/v1/messages')

/** Fastify's own errors (body too large, bad JSON, ...) as GatewayErrors with messages a person can act on. */
function fromFastifyError(err: FastifyError, bodyLimit: number, routeBodyLimit: number): GatewayError {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new GatewayError({
        status: 413,
        type: 'request_too_large',
        code: 'request_too_large',
        // A route with its own cap (a recording's chunk) is not raised by server.body_limit.
        message:
          routeBodyLimit === bodyLimit
            ? `The request body is larger than this gateway's limit of ${formatBytes(bodyLimit)}. Send a smaller body, or raise server.body_limit in the config.`
            : `The request body is larger than this endpoint's limit of ${formatBytes(routeBodyLimit)}. Send a smaller body.`,
      })
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new GatewayError({
        status: 415,
        type: 'invalid_request_error',
        code: 'unsupported_media_type',
        message: `Content-Type is not supported here. Send "application/json"${err.message ? ` (${err.message})` : ''}.`,
      })
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new GatewayError({ status: 400, type: 'invalid_request_error', code: 'invalid_json', message: 'The body is empty; send a JSON object.' })
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new GatewayError({ status: 400, type: 'invalid_request_error', code: 'invalid_json', message: `The body is not valid JSON: ${err.message}` })
  }
  if (err instanceof SyntaxError || (err.statusCode === 400 && /JSON/i.test(err.message))) {
    return new GatewayError({ status: 400, type: 'invalid_request_error', code: 'invalid_json', message: `The body is not valid JSON: ${err.message}` })
  }
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500
  if (status < 500) return new GatewayError({ status, type: 'invalid_request_error', code: err.code ?? null, message: err.message })
  return new GatewayError({ status: 500, type: 'api_error', code: 'internal_error', message: 'The gateway met an internal error. It has been logged; try again.' })
}

/**
 * A write that failed for the machine's reason, on whatever route: a full disk (SQLite's SQLITE_FULL,
 * the filesystem's ENOSPC or EDQUOT) is 507, a database another process holds locked is 503 with
 * Retry-After. Neither is the gateway's bug, and both pass once the cause does, without a restart.
 */
function fromStorageFault(err: unknown): GatewayError | null {
  const fault = storageFault(err)
  return fault ? storageFaultError(fault, err) : null
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for a team that keeps no content (data policy keep_content: false): its errors are logged without their text, which may quote the prompt. */
    contentNotLogged?: boolean
  }
}

/** One error handler: every error is a GatewayError by here, serialized once per API family; no stack reaches a client. */
export function installErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.decorateRequest('contentNotLogged', false)
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const e = isGatewayError(err) ? err : (fromStorageFault(err) ?? fromFastifyError(err, bodyLimit, req.routeOptions.bodyLimit ?? bodyLimit))
    if (e.status >= 500) req.log.error(req.contentNotLogged ? { status: e.status, code: e.code, type: e.type } : { err }, 'request failed')
    void reply.code(e.status).headers(e.headers).send(familyBody(req.url, e))
  })
  app.setNotFoundHandler((req, reply) => {
    const e = new GatewayError({
      status: 404,
      type: 'not_found_error',
      code: 'unknown_route',
      message: `No route ${req.method} ${req.url.split('?')[0]}. See README.md for the endpoints this gateway serves.`,
    })
    void reply.code(404).send(familyBody(req.url, e))
  })
}

const isOllamaFamily = (url: string) => url.startsWith('/api/')
const familyBody = (url: string, e: GatewayError) => (isAnthropicFamily(url) ? anthropicErrorBody(e) : isOllamaFamily(url) ? ollamaErrorBody(e) : openAiErrorBody(e))
const clientError = (status: number, code: string, message: string) => new GatewayError({ status, type: 'invalid_request_error', code, message })

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a malformed
 * URL, a path parameter past `maxParamLength`), in the error shape of the endpoint's family.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const e =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? clientError(414, 'uri_too_long', 'A path parameter of this URL is longer than any id this gateway issues. Check the URL.')
      : err.code === 'FST_ERR_BAD_URL'
        ? clientError(400, 'invalid_url', 'The URL path is not valid percent-encoding. Encode the path once, as UTF-8.')
        : clientError(400, err.code ?? 'bad_request', 'The request could not be routed.')
  void reply.code(e.status).send(familyBody(req.raw.url ?? '', e))
}

/**
 * Node's `clientError`, answered before Fastify sees a request (headers past the size limit, a
 * malformed request line, a client too slow to send its headers): the OpenAI error shape, then close.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const e =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? clientError(431, 'headers_too_large', 'The request line and headers are larger than this gateway takes (16 KB). Send fewer or shorter headers, and a shorter URL.')
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? clientError(408, 'request_timeout', 'The request was not received in time. Send it again.')
        : clientError(400, 'malformed_request', 'The request is not valid HTTP/1.1.')
  const body = JSON.stringify(openAiErrorBody(e))
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`)
  }
  socket.destroy(err)
}
