import Ajv from 'ajv'
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import { ask, convo, invalidChatRequests, user } from '../../../shared/chat/fixtures/invalid-chat-requests'
import { normalizeRequest } from '../../../shared/chat/normalize-request'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import type { ChatCompletionRequestBody } from '../../../shared/chat/types'
import { fastRequestJsonSchema, parseChatRequest } from './parse-chat-request'

const fastPathTakes = new Ajv().compile(fastRequestJsonSchema())

/** Bodies the fast path takes: what zod makes of each must be what the fast path makes of it. */
const plainBodies: [string, unknown][] = [
  ['the smallest body', ask({})],
  ['every message role it takes, with names', convo({ role: 'system', content: 'Be brief.', name: 'sys' }, { role: 'developer', content: 'd' }, user, { role: 'assistant', content: 'Hi', name: 'bot' }, { role: 'user', content: '' })],
  [
    'every field it takes',
    ask({
      store: true,
      metadata: { a: 'b' },
      frequency_penalty: -2,
      presence_penalty: 2,
      logit_bias: { '50256': -100 },
      logprobs: true,
      top_logprobs: 20,
      max_tokens: 10,
      max_completion_tokens: 10,
      n: 128,
      modalities: ['text', 'audio'],
      audio: { voice: 'alloy', format: 'wav' },
      seed: -5,
      service_tier: 'flex',
      stream: true,
      stream_options: { include_usage: true, include_obfuscation: false },
      temperature: 0,
      top_p: 1,
      max_tool_rounds: 64,
      parallel_tool_calls: false,
      reasoning_effort: 'xhigh',
      verbosity: 'low',
      user: 'u',
      safety_identifier: 's',
      prompt_cache_key: 'k',
      prompt_cache_retention: '24h',
    }),
  ],
  ['null limits and stream options', ask({ max_tokens: null, max_completion_tokens: null, stream_options: null })],
  ['max_tokens alone (deprecated)', ask({ max_tokens: 7 })],
  ['a field an in-process caller left undefined (as absent, as zod reads it)', ask({ temperature: undefined })],
]

/** Bodies zod must see, because they hold what the fast path does not check or would not copy as zod does. */
const zodBodies: [string, unknown][] = [
  ['content parts', convo({ role: 'user', content: [{ type: 'text', text: 'hi' }] })],
  ['an extra key zod strips from a message', convo({ role: 'user', content: 'hi', extra: 1 })],
  ['an assistant without content', convo(user, { role: 'assistant', content: null, refusal: 'no' })],
  ['a tool message', convo(user, { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', content: 'r', tool_call_id: 'c' })],
  ['stop as a string (turned into an array)', ask({ stop: 'x' })],
  ['thinking (a rule across its fields)', ask({ thinking: { type: 'enabled', budget_tokens: 10 } })],
  ['tools', ask({ tools: [{ type: 'function', function: { name: 'f' } }] })],
  ['response_format', ask({ response_format: { type: 'json_object' } })],
]

describe('parseChatRequest', () => {
  it.each(plainBodies)('takes %s on the fast path, with the result zod gives', (_what, body) => {
    expect(fastPathTakes(body)).toBe(true)
    expect(parseChatRequest(body)).toEqual(parseChatCompletionRequest(body))
  })

  // The upstream body is written in the request's field order: the fast path keeps normalizeRequest's.
  it.each(plainBodies)('gives %s the fields normalizeRequest gives, in its order', (_what, body) => {
    const b = body as ChatCompletionRequestBody
    expect(JSON.stringify(parseChatRequest(body))).toBe(JSON.stringify(normalizeRequest({ ...b, messages: b.messages.map((m) => ({ ...m })) })))
  })

  it.each(zodBodies)('leaves %s to zod, with the result zod gives', (_what, body) => {
    expect(fastPathTakes(body)).toBe(false)
    expect(parseChatRequest(body)).toEqual(parseChatCompletionRequest(body))
  })

  it.each(invalidChatRequests)('refuses %s exactly as zod does', (_what, body) => {
    const zod = caught(() => parseChatCompletionRequest(body))
    expect(caught(() => parseChatRequest(body))).toEqual(zod)
  })

  it('gives messages of its own, so later steps never change the body kept for store: true', () => {
    const body = ask({})
    const req = parseChatRequest(body)
    expect(req.messages[0]).toEqual(user)
    expect(req.messages[0]).not.toBe(body.messages[0])
  })
})

function caught(run: () => unknown) {
  try {
    run()
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    return { status: error.status, type: error.type, code: error.code, param: error.param, message: error.message }
  }
  throw new Error('expected a GatewayError, but the request was accepted')
}
