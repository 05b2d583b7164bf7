import { describe, expect, it } from 'vitest'
import { GatewayError } from '../errors'
import { ask, invalidChatRequests, user } from './fixtures/invalid-chat-requests'
import { parseChatCompletionRequest } from './parse-request'

const invalid = invalidChatRequests

describe('parseChatCompletionRequest rejects', () => {
  it('has a broad table', () => expect(invalid.length).toBeGreaterThanOrEqual(90))

  it.each(invalid)('%s', (_what, body, param, fragment) => {
    const error = catchError(() => parseChatCompletionRequest(body))
    expect(error.status).toBe(400)
    expect(error.type).toBe('invalid_request_error')
    expect(error.param).toBe(param)
    expect(error.message).toContain(fragment)
  })
})

describe('error reporting', () => {
  it('names the first problem in field order', () => {
    const error = catchError(() => parseChatCompletionRequest(ask({ temperature: 9, messages: [{ role: 'x' }] })))
    expect(error.param).toBe('messages[0].role')
  })

  it('uses OpenAI-like codes', () => {
    expect(catchError(() => parseChatCompletionRequest(ask({ foo: 1 }))).code).toBe('unknown_parameter')
    expect(catchError(() => parseChatCompletionRequest({ messages: [user] })).code).toBe('missing_required_parameter')
    expect(catchError(() => parseChatCompletionRequest(ask({ n: 'x' }))).code).toBe('invalid_type')
    expect(catchError(() => parseChatCompletionRequest(ask({ n: 0 }))).code).toBe('invalid_value')
  })

  it('shortens long values it echoes', () => {
    const error = catchError(() => parseChatCompletionRequest(ask({ service_tier: 'x'.repeat(500) })))
    expect(error.message.length).toBeLessThan(200)
  })
})

function catchError(run: () => unknown): GatewayError {
  try {
    run()
  } catch (error) {
    if (error instanceof GatewayError) return error
    throw error
  }
  throw new Error('expected a GatewayError, but the request was accepted')
}
