import { GatewayError, type ErrorType } from '../../../shared/errors'
import type { AnthropicErrorBody } from './anthropic-types'

const BY_TYPE: Record<string, { status: number; type: ErrorType }> = {
  invalid_request_error: { status: 400, type: 'invalid_request_error' },
  request_too_large: { status: 413, type: 'request_too_large' },
  rate_limit_error: { status: 429, type: 'rate_limit_error' },
  overloaded_error: { status: 503, type: 'overloaded_error' },
  timeout_error: { status: 504, type: 'timeout_error' },
}

/**
 * An `error` event in the middle of an Anthropic stream (the HTTP status was already 200).
 * Anything not listed, authentication and permission errors included, is the upstream's
 * problem rather than the client's: 502.
 */
export function fromAnthropicStreamError(error: AnthropicErrorBody): GatewayError {
  const mapped = BY_TYPE[error.type] ?? { status: 502, type: 'upstream_error' as const }
  return new GatewayError({
    ...mapped,
    message: `The Anthropic upstream failed mid-stream (${error.type}): ${error.message}`,
    code: error.type,
  })
}
