import { describe, expect, it } from 'vitest'
import { fromAnthropicStreamError } from './anthropic-stream-error'

describe('fromAnthropicStreamError', () => {
  it.each([
    ['overloaded_error', 503, 'overloaded_error'],
    ['rate_limit_error', 429, 'rate_limit_error'],
    ['request_too_large', 413, 'request_too_large'],
    ['timeout_error', 504, 'timeout_error'],
    ['invalid_request_error', 400, 'invalid_request_error'],
    ['api_error', 502, 'upstream_error'],
    ['authentication_error', 502, 'upstream_error'],
  ])('%s -> %i %s', (upstreamType, status, type) => {
    const error = fromAnthropicStreamError({ type: upstreamType, message: 'boom' })
    expect(error).toMatchObject({ status, type, code: upstreamType })
    expect(error.message).toContain('boom')
  })
})
