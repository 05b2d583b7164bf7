import { GatewayError, type ErrorType } from '../../../shared/errors'

/**
 * An upstream that failed. `fallbackable` is true for what another model may fix: a connection error,
 * a timeout, 429 or 5xx before the first byte. The client sees a mapped status, never the upstream's
 * 401/403 (those are the gateway's own credentials).
 */
export class UpstreamError extends GatewayError {
  readonly fallbackable: boolean
  readonly upstreamStatus: number | null

  constructor(init: { status: number; type: ErrorType; code: string; message: string; fallbackable: boolean; upstreamStatus: number | null; headers?: Record<string, string> }) {
    super(init)
    this.fallbackable = init.fallbackable
    this.upstreamStatus = init.upstreamStatus
  }
}

export function upstreamStatusError(providerId: string, status: number, upstreamMessage: string, retryAfter?: string): UpstreamError {
  const detail = upstreamMessage ? `: ${upstreamMessage}` : ''
  if (status === 429) {
    return new UpstreamError({
      status: 429,
      type: 'rate_limit_error',
      code: 'upstream_rate_limited',
      message: `The provider "${providerId}" is rate limiting requests${detail}`,
      fallbackable: true,
      upstreamStatus: status,
      headers: retryAfter ? { 'retry-after': retryAfter } : {},
    })
  }
  if (status >= 500) {
    return new UpstreamError({ status: 502, type: 'upstream_error', code: 'upstream_error', message: `The provider "${providerId}" failed with status ${status}${detail}`, fallbackable: true, upstreamStatus: status })
  }
  if (status === 401 || status === 403) {
    return new UpstreamError({
      status: 502,
      type: 'upstream_error',
      code: 'upstream_auth_failed',
      message: `The provider "${providerId}" refused the gateway's credentials (status ${status}). Check its api_key in the config.`,
      fallbackable: false,
      upstreamStatus: status,
    })
  }
  if (status === 404) {
    return new UpstreamError({ status: 502, type: 'upstream_error', code: 'upstream_not_found', message: `The provider "${providerId}" answered 404${detail}. Check the model's upstream id and the provider's base_url.`, fallbackable: false, upstreamStatus: status })
  }
  return new UpstreamError({ status: status === 413 ? 413 : 400, type: 'invalid_request_error', code: 'upstream_rejected', message: `The provider "${providerId}" rejected the request${detail}`, fallbackable: false, upstreamStatus: status })
}

export function upstreamConnectionError(providerId: string, err: unknown): UpstreamError {
  const code = (err as { code?: string }).code ?? ''
  const timedOut = /TIMEOUT/i.test(code) || (err as Error).name === 'TimeoutError'
  return new UpstreamError({
    status: timedOut ? 504 : 502,
    type: timedOut ? 'timeout_error' : 'upstream_error',
    code: timedOut ? 'upstream_timeout' : 'upstream_unreachable',
    message: timedOut
      ? `The provider "${providerId}" did not answer in time (${code || 'timeout'}).`
      : `The provider "${providerId}" could not be reached (${code || (err as Error).message}).`,
    fallbackable: true,
    upstreamStatus: null,
  })
}

/**
 * The upstream answered, but not in its protocol: a stream request answered with HTML or a whole JSON
 * body, an event that is not JSON, a stream cut off before its end. Before the first byte reaches the
 * client another model may serve (fallbackable); after it, the stream ends with this as its error event.
 */
export function upstreamProtocolError(providerId: string, detail: string): UpstreamError {
  return new UpstreamError({
    status: 502,
    type: 'upstream_error',
    code: 'upstream_protocol_error',
    message: `The provider "${providerId}" broke its protocol: ${detail}`,
    fallbackable: true,
    upstreamStatus: null,
  })
}

/** An error event inside an upstream stream (`{"error": ...}`); before the first byte another model may serve. */
export function upstreamStreamError(providerId: string, error: unknown): UpstreamError {
  return new UpstreamError({
    status: 502,
    type: 'upstream_error',
    code: 'upstream_stream_error',
    message: `The provider "${providerId}" failed mid-stream: ${JSON.stringify(error).slice(0, 500)}`,
    fallbackable: true,
    upstreamStatus: null,
  })
}

/** Pulls a message out of an upstream error body of either family. */
export function upstreamErrorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string }
    if (typeof parsed.error === 'string') return parsed.error
    return parsed.error?.message ?? parsed.message ?? ''
  } catch {
    return body.slice(0, 300)
  }
}
