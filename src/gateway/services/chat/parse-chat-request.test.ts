import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import { ask, convo, invalidChatRequests, user } from '../../../shared/chat/fixtures/invalid-chat-requests'
import { normalizeRequest } from '../../../shared/chat/normalize-request'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import type { ChatCompletionRequestBody } from '../../../shared/chat/types'
import fastPathTakes from './fast-request-check.generated'
import { parseChatRequest } from './parse-chat-request'

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
  [
    'a tool round: function tools, a tool choice, the assistant\'s calls and their results',
    {
      model: 'gpt-x',
      messages: [
        user,
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }, { id: 'c2', type: 'function', function: { name: 'get_time', arguments: '{}' } }] },
        { role: 'tool', content: 'sunny', tool_call_id: 'c1' },
        { role: 'tool', content: '', tool_call_id: 'c2' },
        { role: 'assistant', content: 'Sunny.', tool_calls: [{ id: 'c3', type: 'function', function: { name: 'get_time', arguments: '' } }], refusal: null, name: 'bot' },
        { role: 'tool', content: '12:00', tool_call_id: 'c3' },
      ],
      tools: [
        { type: 'function', function: { name: 'get_weather', description: 'Weather now', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, strict: true } },
        { type: 'function', function: { name: 'get_time', strict: null } },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
    },
  ],
  ['tool_choice "auto"', ask({ tools: [{ type: 'function', function: { name: 'f' } }], tool_choice: 'auto' })],
  ['tool_choice "required"', ask({ tools: [{ type: 'function', function: { name: 'f', parameters: {} } }], tool_choice: 'required' })],
  ['no tools at all', ask({ tools: [] })],
  ['stop as a string (turned into an array)', ask({ stop: 'x' })],
  ['stop sequences', ask({ stop: ['\n\n', 'END', '', 'x'] })],
  ['response_format json_object', ask({ response_format: { type: 'json_object' } })],
  ['response_format text', ask({ response_format: { type: 'text' } })],
  [
    'response_format json_schema (structured outputs)',
    ask({ response_format: { type: 'json_schema', json_schema: { name: 'weather', description: 'd', schema: { type: 'object', properties: { t: { type: 'number' } } }, strict: true } } }),
  ],
  ['response_format json_schema, name only', ask({ response_format: { type: 'json_schema', json_schema: { name: 'w', strict: null } } })],
]

/** Bodies zod must see, because they hold what the fast path does not check or would not copy as zod does. */
const zodBodies: [string, unknown][] = [
  ['content parts', convo({ role: 'user', content: [{ type: 'text', text: 'hi' }] })],
  ['an extra key zod strips from a message', convo({ role: 'user', content: 'hi', extra: 1 })],
  ['an assistant without content', convo(user, { role: 'assistant', content: null, refusal: 'no' })],
  ['a tool result in parts', convo(user, { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', content: [{ type: 'text', text: 'r' }], tool_call_id: 'c' })],
  ['an extra key zod strips from a tool call', convo(user, { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' }, index: 0 }] })],
  ['an assistant audio reference', convo(user, { role: 'assistant', content: null, audio: { id: 'a1' } })],
  ['a deprecated function message', convo(user, { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } }, { role: 'function', name: 'f', content: 'r' })],
  ['an MCP tool', ask({ tools: [{ type: 'mcp', server_label: 'docs', allowed_tools: { tool_names: ['search'] } }] })],
  ['a web search tool', ask({ tools: [{ type: 'web_search' }] })],
  ['an extra key zod strips from a function', ask({ tools: [{ type: 'function', function: { name: 'f', examples: [] } }] })],
  ['thinking (a rule across its fields)', ask({ thinking: { type: 'enabled', budget_tokens: 10 } })],
  ['a web search option (left to zod)', ask({ web_search_options: {} })],
  ['an extra key zod strips from response_format', ask({ response_format: { type: 'json_object', strict: true } })],
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

  it.each([...invalidChatRequests.map(([what, body]) => [what, body] as const), ['five stop sequences', ask({ stop: ['a', 'b', 'c', 'd', 'e'] })] as const])('refuses %s exactly as zod does', (_what, body) => {
    const zod = caught(() => parseChatCompletionRequest(body))
    expect(caught(() => parseChatRequest(body))).toEqual(zod)
  })

  it('gives messages of its own, so later steps never change the body kept for store: true', () => {
    const body = ask({})
    const req = parseChatRequest(body)
    expect(req.messages[0]).toEqual(user)
    expect(req.messages[0]).not.toBe(body.messages[0])
  })

  it('gives tools, tool calls and a tool choice of their own too, as zod does', () => {
    const body = plainBodies.find(([what]) => what.startsWith('a tool round'))![1] as {
      messages: { tool_calls?: { function: object }[] }[]
      tools: { function: { parameters?: object } }[]
      tool_choice: { function: object }
    }
    const req = parseChatRequest(body) as unknown as typeof body
    expect(req.tools[0]).not.toBe(body.tools[0])
    expect(req.tools[0]!.function).not.toBe(body.tools[0]!.function)
    expect(req.tools[0]!.function.parameters).not.toBe(body.tools[0]!.function.parameters)
    expect(req.messages[1]!.tool_calls![0]).not.toBe(body.messages[1]!.tool_calls![0])
    expect(req.messages[1]!.tool_calls![0]!.function).not.toBe(body.messages[1]!.tool_calls![0]!.function)
    expect(req.tool_choice.function).not.toBe(body.tool_choice.function)
  })

  it('gives stop sequences and a response format of their own, as zod does', () => {
    const body = ask({ stop: ['END'], response_format: { type: 'json_schema', json_schema: { name: 'w', schema: { type: 'object' } } } }) as unknown as {
      stop: string[]
      response_format: { json_schema: { schema: object } }
    }
    const req = parseChatRequest(body) as unknown as typeof body
    expect(req.stop).not.toBe(body.stop)
    expect(req.response_format).not.toBe(body.response_format)
    expect(req.response_format.json_schema).not.toBe(body.response_format.json_schema)
    expect(req.response_format.json_schema.schema).not.toBe(body.response_format.json_schema.schema)
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
