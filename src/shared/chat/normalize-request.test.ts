import { describe, expect, it } from 'vitest'
import { parseChatCompletionRequest } from './parse-request'
import { legacyToolCallId } from './normalize-messages'

const user = { role: 'user', content: 'What is the weather in Paris?' }
const ask = (extra: Record<string, unknown>) => ({ model: 'gpt-x', messages: [user], ...extra })

describe('a valid request', () => {
  it('keeps every field of spec 2.1 and reports no deprecated use', () => {
    const body = ask({
      store: true,
      metadata: { team: 'search' },
      frequency_penalty: 0.5,
      presence_penalty: -0.5,
      logit_bias: { '50256': -100, '13': 20 },
      logprobs: true,
      top_logprobs: 3,
      max_completion_tokens: 512,
      n: 2,
      modalities: ['text', 'audio'],
      prediction: { type: 'content', content: [{ type: 'text', text: 'It is sunny' }] },
      audio: { voice: 'coral', format: 'mp3' },
      response_format: { type: 'text' },
      seed: 42,
      service_tier: 'flex',
      stop: ['\n\n', 'END'],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.7,
      top_p: 0.9,
      tools: [{ type: 'function', function: { name: 'get_weather' } }],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      reasoning_effort: 'low',
      verbosity: 'high',
    })
    expect(parseChatCompletionRequest(body)).toEqual({ ...body, deprecated: [] })
  })

  it('accepts the OpenAI fields outside spec 2.1 that SDKs send: user, safety_identifier, prompt caching, web search options', () => {
    const body = ask({
      user: 'user-1234',
      safety_identifier: 'b5e8…hash',
      prompt_cache_key: 'conversation-7',
      prompt_cache_retention: '24h',
      web_search_options: { search_context_size: 'low', user_location: { type: 'approximate', approximate: { city: 'Paris', country: 'FR', timezone: 'Europe/Paris' } } },
      stream: true,
      stream_options: { include_usage: true, include_obfuscation: false },
    })
    expect(parseChatCompletionRequest(body)).toEqual({ ...body, deprecated: [] })
    expect(parseChatCompletionRequest(ask({ web_search_options: {} })).web_search_options).toEqual({})
    expect(parseChatCompletionRequest(ask({ web_search_options: { user_location: null } })).web_search_options).toEqual({ user_location: null })
  })

  it('accepts assistant messages as spec 2.3 returns them: audio or refusal with null or absent content', () => {
    const messages = [
      user,
      { role: 'assistant', content: null, audio: { id: 'audio_abc' } },
      user,
      { role: 'assistant', audio: { id: 'audio_def' } },
      user,
      { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
      user,
      { role: 'assistant', refusal: 'No.' },
      user,
    ]
    expect(parseChatCompletionRequest({ model: 'gpt-x', messages }).messages).toEqual(messages)
  })

  it('accepts max_tokens and max_completion_tokens 0, and stream_options null as absent', () => {
    expect(parseChatCompletionRequest(ask({ max_tokens: 0 })).max_completion_tokens).toBe(0)
    expect(parseChatCompletionRequest(ask({ max_completion_tokens: 0 })).max_completion_tokens).toBe(0)
    const request = parseChatCompletionRequest(ask({ stream_options: null }))
    expect(request).not.toHaveProperty('stream_options')
    expect(parseChatCompletionRequest(ask({ stream: true, stream_options: null }))).not.toHaveProperty('stream_options')
  })

  it('accepts raw base64 image data in image_url.url (spec 2.2), as a data URL of its image type', () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg=='
    const jpeg = '/9j/4AAQSkZJRgABAQAAAQABAAD/2w=='
    const part = (url: string) => ({ type: 'image_url', image_url: { url } })
    const parsed = parseChatCompletionRequest({ model: 'gpt-x', messages: [{ role: 'user', content: [part(png), part(jpeg)] }] })
    expect(parsed.messages[0]!.content).toEqual([part(`data:image/png;base64,${png}`), part(`data:image/jpeg;base64,${jpeg}`)])
  })

  it.each([
    [{ type: 'text' }],
    [{ type: 'json_object' }],
    [{ type: 'json_schema', json_schema: { name: 'weather_report' } }],
    [
      {
        type: 'json_schema',
        json_schema: {
          name: 'weather-report_2',
          description: 'A report',
          schema: { type: 'object', properties: { temp: { type: 'number' } }, additionalProperties: false },
          strict: true,
        },
      },
    ],
  ])('accepts response_format %j', (format) => {
    expect(parseChatCompletionRequest(ask({ response_format: format })).response_format).toEqual(format)
  })

  it('turns a single stop string into an array', () => {
    expect(parseChatCompletionRequest(ask({ stop: 'END' })).stop).toEqual(['END'])
  })

  it('treats null token limits as no limit', () => {
    const request = parseChatCompletionRequest(ask({ max_completion_tokens: null }))
    expect(request).not.toHaveProperty('max_completion_tokens')
    expect(request.deprecated).toEqual([])
  })

  it('accepts tool_choice "none" and "auto" without tools', () => {
    expect(parseChatCompletionRequest(ask({ tool_choice: 'none' })).tool_choice).toBe('none')
  })
})

describe('deprecated fields', () => {
  it('maps max_tokens to max_completion_tokens', () => {
    const request = parseChatCompletionRequest(ask({ max_tokens: 300 }))
    expect(request.max_completion_tokens).toBe(300)
    expect(request).not.toHaveProperty('max_tokens')
    expect(request.deprecated).toEqual(['max_tokens'])
  })

  it('accepts max_tokens equal to max_completion_tokens', () => {
    const request = parseChatCompletionRequest(ask({ max_tokens: 300, max_completion_tokens: 300 }))
    expect(request.max_completion_tokens).toBe(300)
    expect(request.deprecated).toEqual(['max_tokens'])
  })

  it('maps functions to function tools', () => {
    const parameters = { type: 'object', properties: { city: { type: 'string' } } }
    const request = parseChatCompletionRequest(
      ask({ functions: [{ name: 'get_weather', description: 'Weather', parameters }, { name: 'ping' }] }),
    )
    expect(request.tools).toEqual([
      { type: 'function', function: { name: 'get_weather', description: 'Weather', parameters } },
      { type: 'function', function: { name: 'ping' } },
    ])
    expect(request).not.toHaveProperty('functions')
    expect(request.deprecated).toEqual(['functions'])
  })

  it.each([
    ['none', 'none'],
    ['auto', 'auto'],
    [{ name: 'ping' }, { type: 'function', function: { name: 'ping' } }],
  ])('maps function_call %j to tool_choice', (functionCall, toolChoice) => {
    const request = parseChatCompletionRequest(ask({ functions: [{ name: 'ping' }], function_call: functionCall }))
    expect(request.tool_choice).toEqual(toolChoice)
    expect(request).not.toHaveProperty('function_call')
    expect(request.deprecated).toEqual(['functions', 'function_call'])
  })

  it('maps an assistant function_call and the function answer to a tool call and its tool message', () => {
    const request = parseChatCompletionRequest({
      model: 'gpt-x',
      messages: [
        user,
        { role: 'assistant', content: null, function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        { role: 'function', name: 'get_weather', content: '18C and sunny' },
        { role: 'assistant', content: 'It is 18C.' },
        { role: 'user', content: 'And Lyon?' },
        { role: 'assistant', function_call: { name: 'get_weather', arguments: '{"city":"Lyon"}' } },
        { role: 'function', name: 'get_weather', content: null },
      ],
      functions: [{ name: 'get_weather' }],
    })
    expect(request.messages.slice(1, 3)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_fn_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_fn_1', content: '18C and sunny' },
    ])
    expect(request.messages[5]).toMatchObject({ tool_calls: [{ id: legacyToolCallId(5) }] })
    expect(request.messages[6]).toEqual({ role: 'tool', tool_call_id: 'call_fn_5', content: '' })
    expect(request.deprecated).toEqual(['messages[].function_call', 'messages[].role=function', 'functions'])
  })

  it('accepts a function message anywhere (spec 2.2 has no rule on its place): it answers the latest call of its name', () => {
    const request = parseChatCompletionRequest({
      model: 'gpt-x',
      messages: [
        user,
        { role: 'assistant', function_call: { name: 'f', arguments: '{}' } },
        { role: 'user', content: 'go on' },
        { role: 'function', name: 'f', content: 'late answer' },
        { role: 'function', name: 'f', content: 'answered twice' },
        { role: 'function', name: 'g', content: 'never called' },
      ],
    })
    expect(request.messages.slice(3)).toEqual([
      { role: 'tool', tool_call_id: 'call_fn_1', content: 'late answer' },
      { role: 'tool', tool_call_id: 'call_fn_1', content: 'answered twice' },
      { role: 'tool', tool_call_id: legacyToolCallId(5), content: 'never called' },
    ])
    expect(parseChatCompletionRequest({ model: 'gpt-x', messages: [user, { role: 'function', name: 'f', content: 'r' }] }).messages[1]).toEqual({ role: 'tool', tool_call_id: 'call_fn_1', content: 'r' })
  })

  it('gives the same ids for the same request', () => {
    const body = {
      model: 'gpt-x',
      messages: [user, { role: 'assistant', function_call: { name: 'f', arguments: '{}' } }, { role: 'function', name: 'f', content: 'ok' }],
    }
    expect(parseChatCompletionRequest(body)).toEqual(parseChatCompletionRequest(structuredClone(body)))
  })
})
