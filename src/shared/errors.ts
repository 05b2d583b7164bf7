/**
 * The one error type of the gateway. Everything that reaches a client as a 4xx/5xx is a
 * GatewayError by the time the error handler sees it; it is serialized once per API family
 * (OpenAI shape for /v1/*, Anthropic shape for /v1/messages).
 */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'insufficient_credits'
  | 'request_too_large'
  | 'rate_limit_error'
  | 'upstream_error'
  | 'timeout_error'
  | 'overloaded_error'
  | 'api_error'

export interface GatewayErrorInit {
  status: number
  type: ErrorType
  message: string
  code?: string | null
  param?: string | null
  headers?: Record<string, string>
  cause?: unknown
}

export class GatewayError extends Error {
  readonly status: number
  readonly type: ErrorType
  readonly code: string | null
  readonly param: string | null
  readonly headers: Record<string, string>

  constructor(init: GatewayErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = 'GatewayError'
    this.status = init.status
    this.type = init.type
    this.code = init.code ?? null
    this.param = init.param ?? null
    this.headers = init.headers ?? {}
  }
}

export const badRequest = (message: string, param: string | null = null, code = 'invalid_value') =>
  new GatewayError({ status: 400, type: 'invalid_request_error', message, param, code })

export const notFound = (message: string, code = 'not_found', param: string | null = null) =>
  new GatewayError({ status: 404, type: 'not_found_error', message, code, param })

export const unauthorized = (message: string, code: string) =>
  new GatewayError({ status: 401, type: 'authentication_error', message, code })

export const forbidden = (message: string, code: string) =>
  new GatewayError({ status: 403, type: 'permission_error', message, code })

export const isGatewayError = (e: unknown): e is GatewayError => e instanceof GatewayError
