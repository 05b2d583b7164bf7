import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { GatewayError, isGatewayError } from '../../shared/errors'
import { formatBytes } from '../config/units'
import { anthropicErrorBody, openAiErrorBody } from '../../shared/error-bodies'

const isAnthropicFamily = (url: string) => url.startsWith('/v1/messages')

/** Fastify's own errors (body too large, bad JSON, ...) as GatewayErrors with messages a person can act on. */
function fromFastifyError(err: FastifyError, bodyLimit: number): GatewayError {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new GatewayError({
        status: 413,
        type: 'request_too_large',
        code: 'request_too_large',
        message: `The request body is larger than this gateway's limit of ${formatBytes(bodyLimit)}. Send a smaller body, or raise server.body_limit in the config.`,
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

/** One error handler: every error is a GatewayError by here, serialized once per API family; no stack reaches a client. */
export function installErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const e = isGatewayError(err) ? err : fromFastifyError(err, bodyLimit)
    if (e.status >= 500) req.log.error({ err }, 'request failed')
    const body = isAnthropicFamily(req.url) ? anthropicErrorBody(e) : openAiErrorBody(e)
    void reply.code(e.status).headers(e.headers).send(body)
  })
  app.setNotFoundHandler((req, reply) => {
    const e = new GatewayError({
      status: 404,
      type: 'not_found_error',
      code: 'unknown_route',
      message: `No route ${req.method} ${req.url.split('?')[0]}. See README.md for the endpoints this gateway serves.`,
    })
    void reply.code(404).send(isAnthropicFamily(req.url) ? anthropicErrorBody(e) : openAiErrorBody(e))
  })
}
