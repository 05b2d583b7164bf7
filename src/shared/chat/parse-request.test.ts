import { describe, expect, it } from 'vitest'
import { GatewayError } from '../errors'
import { parseChatCompletionRequest } from './parse-request'

const user = { role: 'user', content: 'Hello' }
const fn = (name: string) => ({ type: 'function', function: { name } })
const ask = (extra: Record<string, unknown>) => ({ model: 'gpt-x', messages: [user], ...extra })
const convo = (...messages: unknown[]) => ({ model: 'gpt-x', messages })
const firstPart = (part: unknown) => convo({ role: 'user', content: [part] })
const webSearch = (settings: unknown) => ask({ tools: [{ type: 'web_search', web_search: settings }] })
const mcp = (value: unknown) => webSearch({ mcp: value })
const rag = (value: unknown) => ask({ tools: [{ type: 'rag', rag: { mcp: value } }] })
const callingAssistant = {
  role: 'assistant',
  content: null,
  tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }],
}
const toolCall = (call: unknown) => convo(user, { role: 'assistant', tool_calls: [call] })
const legacyCall = { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } }

// [what, body, expected param, fragment of the message]
const invalid: [string, unknown, string | null, string][] = [
  ['body is a string', 'hello', null, 'must be a JSON object'],
  ['body is an array', [], null, 'must be a JSON object'],
  ['model missing', { messages: [user] }, 'model', 'model is required'],
  ['model empty', ask({ model: '' }), 'model', 'must not be empty'],
  ['model not a string', ask({ model: 5 }), 'model', 'must be a string; got 5'],
  ['messages missing', { model: 'gpt-x' }, 'messages', 'messages is required'],
  ['messages empty', convo(), 'messages', 'at least 1 message'],
  ['messages a string', { model: 'm', messages: 'hi' }, 'messages', 'must be an array'],
  ['unknown field', ask({ foo: 1 }), 'foo', 'Unrecognized request argument supplied: foo'],
  ['field outside the spec', ask({ user: 'u1' }), 'user', 'Unrecognized request argument supplied: user'],
  ['store not boolean', ask({ store: 'yes' }), 'store', 'must be a boolean'],
  ['metadata an array', ask({ metadata: [] }), 'metadata', 'must be an object'],
  ['metadata value a number', ask({ metadata: { team: 1 } }), 'metadata.team', 'must be a string'],
  ['frequency_penalty too high', ask({ frequency_penalty: 2.5 }), 'frequency_penalty', 'between -2 and 2; got 2.5'],
  ['frequency_penalty a string', ask({ frequency_penalty: '1' }), 'frequency_penalty', 'must be a number'],
  ['presence_penalty too low', ask({ presence_penalty: -3 }), 'presence_penalty', 'between -2 and 2; got -3'],
  ['logit_bias key not a token id', ask({ logit_bias: { abc: 1 } }), 'logit_bias.abc', 'must be a token id'],
  ['logit_bias value too high', ask({ logit_bias: { 50256: 150 } }), 'logit_bias.50256', 'between -100 and 100; got 150'],
  ['logit_bias value fractional', ask({ logit_bias: { 1: 1.5 } }), 'logit_bias.1', 'must be an integer'],
  ['logit_bias not an object', ask({ logit_bias: 'x' }), 'logit_bias', 'must be an object'],
  ['logprobs not boolean', ask({ logprobs: 'true' }), 'logprobs', 'must be a boolean'],
  ['top_logprobs too high', ask({ logprobs: true, top_logprobs: 21 }), 'top_logprobs', 'between 0 and 20; got 21'],
  ['top_logprobs negative', ask({ logprobs: true, top_logprobs: -1 }), 'top_logprobs', 'between 0 and 20'],
  ['top_logprobs without logprobs', ask({ top_logprobs: 5 }), 'top_logprobs', 'requires logprobs: true'],
  ['top_logprobs with logprobs false', ask({ logprobs: false, top_logprobs: 5 }), 'top_logprobs', 'requires logprobs'],
  ['max_tokens zero', ask({ max_tokens: 0 }), 'max_tokens', 'must be a positive integer; got 0'],
  ['max_tokens fractional', ask({ max_tokens: 1.5 }), 'max_tokens', 'positive integer'],
  ['max_completion_tokens negative', ask({ max_completion_tokens: -5 }), 'max_completion_tokens', 'positive integer'],
  ['max_tokens and max_completion_tokens differ', ask({ max_tokens: 100, max_completion_tokens: 200 }), 'max_tokens', 'disagree (100 vs 200)'],
  ['n zero', ask({ n: 0 }), 'n', 'n must be an integer between 1 and 128; got 0'],
  ['n above 128', ask({ n: 129 }), 'n', 'between 1 and 128'],
  ['n fractional', ask({ n: 2.5 }), 'n', 'got 2.5'],
  ['modality unknown', ask({ modalities: ['video'] }), 'modalities[0]', 'must be one of "text", "audio"'],
  ['modalities empty', ask({ modalities: [] }), 'modalities', 'at least 1 item'],
  ['audio modality without audio', ask({ modalities: ['text', 'audio'] }), 'audio', 'required when modalities includes "audio"'],
  ['audio voice unknown', ask({ audio: { voice: 'bob', format: 'mp3' } }), 'audio.voice', '"alloy"'],
  ['audio format unknown', ask({ audio: { voice: 'alloy', format: 'aac' } }), 'audio.format', '"pcm16"'],
  ['audio voice missing', ask({ audio: { format: 'mp3' } }), 'audio.voice', 'is required'],
  ['prediction type missing', ask({ prediction: { content: 'x' } }), 'prediction.type', 'is required'],
  ['prediction type wrong', ask({ prediction: { type: 'diff', content: 'x' } }), 'prediction.type', 'must be "content"'],
  ['prediction content missing', ask({ prediction: { type: 'content' } }), 'prediction.content', 'is required'],
  ['prediction content empty', ask({ prediction: { type: 'content', content: [] } }), 'prediction.content', 'at least 1 content part'],
  ['prediction content image', ask({ prediction: { type: 'content', content: [{ type: 'image_url' }] } }), 'prediction.content[0].type', 'only text parts'],
  ['response_format type unknown', ask({ response_format: { type: 'xml' } }), 'response_format.type', '"json_schema"'],
  ['response_format type missing', ask({ response_format: {} }), 'response_format.type', 'is required'],
  ['response_format not an object', ask({ response_format: 'json' }), 'response_format', 'must be an object'],
  ['json_schema object missing', ask({ response_format: { type: 'json_schema' } }), 'response_format.json_schema', 'is required'],
  ['json_schema name with space', ask({ response_format: { type: 'json_schema', json_schema: { name: 'my schema' } } }), 'response_format.json_schema.name', 'underscore or dash; got "my schema"'],
  ['json_schema name too long', ask({ response_format: { type: 'json_schema', json_schema: { name: 'a'.repeat(65) } } }), 'response_format.json_schema.name', '1 to 64 characters'],
  ['json_schema schema an array', ask({ response_format: { type: 'json_schema', json_schema: { name: 'n', schema: [] } } }), 'response_format.json_schema.schema', 'must be an object'],
  ['json_schema strict a string', ask({ response_format: { type: 'json_schema', json_schema: { name: 'n', strict: 'yes' } } }), 'response_format.json_schema.strict', 'must be a boolean'],
  ['seed fractional', ask({ seed: 1.5 }), 'seed', 'must be an integer'],
  ['seed a string', ask({ seed: 'abc' }), 'seed', 'must be an integer'],
  ['service_tier unknown', ask({ service_tier: 'gold' }), 'service_tier', '"priority"; got "gold"'],
  ['stop a number', ask({ stop: 5 }), 'stop', 'a string or an array of 1 to 4 strings; got 5'],
  ['stop empty array', ask({ stop: [] }), 'stop', '1 to 4 stop sequences'],
  ['stop five sequences', ask({ stop: ['a', 'b', 'c', 'd', 'e'] }), 'stop', 'got an array of 5 items'],
  ['stop item not a string', ask({ stop: ['a', 3] }), 'stop[1]', 'must be a string'],
  ['stream not boolean', ask({ stream: 'yes' }), 'stream', 'must be a boolean'],
  ['stream_options without stream', ask({ stream_options: { include_usage: true } }), 'stream_options', 'only allowed together with stream: true'],
  ['stream_options with stream false', ask({ stream: false, stream_options: {} }), 'stream_options', 'stream: true'],
  ['include_usage not boolean', ask({ stream: true, stream_options: { include_usage: 'y' } }), 'stream_options.include_usage', 'must be a boolean'],
  ['temperature too high', ask({ temperature: 3 }), 'temperature', 'temperature must be between 0 and 2; got 3'],
  ['temperature negative', ask({ temperature: -0.1 }), 'temperature', 'between 0 and 2'],
  ['temperature a string', ask({ temperature: 'hot' }), 'temperature', 'must be a number; got "hot"'],
  ['top_p above 1', ask({ top_p: 1.5 }), 'top_p', 'between 0 and 1; got 1.5'],
  ['129 tools', ask({ tools: Array.from({ length: 129 }, (_, i) => fn(`f${i}`)) }), 'tools', 'at most 128 tools'],
  ['tools not an array', ask({ tools: fn('f') }), 'tools', 'must be an array'],
  ['tool type missing', ask({ tools: [{}] }), 'tools[0].type', 'is required'],
  ['tool type unknown', ask({ tools: [{ type: 'code' }] }), 'tools[0].type', '"<vendor>_ocr"; got "code"'],
  ['function tool without function', ask({ tools: [{ type: 'function' }] }), 'tools[0].function', 'is required'],
  ['function name with space', ask({ tools: [fn('get weather')] }), 'tools[0].function.name', 'a-z, A-Z, 0-9'],
  ['function name missing', ask({ tools: [{ type: 'function', function: {} }] }), 'tools[0].function.name', 'is required'],
  ['function parameters a string', ask({ tools: [{ type: 'function', function: { name: 'f', parameters: 'x' } }] }), 'tools[0].function.parameters', 'must be an object'],
  ['function strict a string', ask({ tools: [{ type: 'function', function: { name: 'f', strict: 'true' } }] }), 'tools[0].function.strict', 'must be a boolean'],
  ['function declared twice', ask({ tools: [fn('f'), fn('f')] }), 'tools[1].function.name', '"f" is declared twice'],
  ['search_context_size unknown', webSearch({ search_context_size: 'huge' }), 'tools[0].web_search.search_context_size', '"medium"'],
  ['user_location type wrong', webSearch({ user_location: { type: 'exact' } }), 'tools[0].web_search.user_location.type', 'must be "approximate"'],
  ['user_location type missing', webSearch({ user_location: { city: 'Paris' } }), 'tools[0].web_search.user_location.type', 'is required'],
  ['user_location country of 3 letters', webSearch({ user_location: { type: 'approximate', country: 'FRA' } }), 'tools[0].web_search.user_location.country', 'two-letter'],
  ['user_location timezone not IANA', webSearch({ user_location: { type: 'approximate', timezone: 'Paris time' } }), 'tools[0].web_search.user_location.timezone', 'IANA time zone'],
  ['mcp type unknown', mcp({ type: 'file', options: {} }), 'tools[0].web_search.mcp.type', '"query", "url"; got "file"'],
  ['query search engine malformed', mcp({ type: 'query', options: { tool: 'google', query: 'q' } }), 'tools[0].web_search.mcp.options.tool', '<engine>_search'],
  ['query search without query', mcp({ type: 'query', options: { tool: 'google_search' } }), 'tools[0].web_search.mcp.options.query', 'is required'],
  ['url search with engine tool', mcp({ type: 'url', options: { tool: 'google_search', url: 'https://a.b' } }), 'tools[0].web_search.mcp.options.tool', 'must be "universal"'],
  ['url search without url', mcp({ options: { tool: 'universal' } }), 'tools[0].web_search.mcp.options.url', 'is required'],
  ['search parse not boolean', mcp({ options: { tool: 'bing_search', query: 'q', parse: 'no' } }), 'tools[0].web_search.mcp.options.parse', 'must be a boolean'],
  ['mcp without options', mcp({ type: 'query' }), 'tools[0].web_search.mcp.options', 'is required'],
  ['rag without settings', ask({ tools: [{ type: 'rag' }] }), 'tools[0].rag', 'is required'],
  ['rag without collection_uuid', rag({ query: 'q' }), 'tools[0].rag.mcp.collection_uuid', 'is required'],
  ['rag top_n zero', rag({ collection_uuid: 'c', top_n: 0 }), 'tools[0].rag.mcp.top_n', 'positive integer'],
  ['rag threshold a string', rag({ collection_uuid: 'c', threshold: 'high' }), 'tools[0].rag.mcp.threshold', 'must be a number'],
  ['ocr without settings', ask({ tools: [{ type: 'acme_ocr' }] }), 'tools[0].acme_ocr', 'is required'],
  ['ocr without file_id', ask({ tools: [{ type: 'acme_ocr', acme_ocr: {} }] }), 'tools[0].acme_ocr.file_id', 'is required'],
  ['ocr type without vendor', ask({ tools: [{ type: '_ocr' }] }), 'tools[0].type', 'got "_ocr"'],
  ['tool_choice unknown string', ask({ tools: [fn('f')], tool_choice: 'always' }), 'tool_choice', '"required"; got "always"'],
  ['tool_choice object without function', ask({ tools: [fn('f')], tool_choice: { type: 'function' } }), 'tool_choice.function', 'is required'],
  ['tool_choice names an unknown function', ask({ tools: [fn('f')], tool_choice: { type: 'function', function: { name: 'g' } } }), 'tool_choice.function.name', 'declared in tools; got "g"'],
  ['tool_choice required without tools', ask({ tool_choice: 'required' }), 'tool_choice', 'at least one tool'],
  ['parallel_tool_calls not boolean', ask({ parallel_tool_calls: 'no' }), 'parallel_tool_calls', 'must be a boolean'],
  ['function_call "required"', ask({ functions: [{ name: 'f' }], function_call: 'required' }), 'function_call', '"none", "auto"'],
  ['function_call names an unknown function', ask({ functions: [{ name: 'f' }], function_call: { name: 'g' } }), 'function_call.name', 'declared in functions'],
  ['function_call with tool_choice', ask({ tools: [fn('f')], tool_choice: 'auto', function_call: 'auto' }), 'function_call', 'send tool_choice only'],
  ['functions empty', ask({ functions: [] }), 'functions', '1 to 128 functions'],
  ['129 functions', ask({ functions: Array.from({ length: 129 }, (_, i) => ({ name: `f${i}` })) }), 'functions', '1 to 128'],
  ['function without name', ask({ functions: [{ description: 'x' }] }), 'functions[0].name', 'is required'],
  ['functions with tools', ask({ tools: [fn('f')], functions: [{ name: 'g' }] }), 'functions', 'send tools only'],
  ['thinking type unknown', ask({ thinking: { type: 'on' } }), 'thinking.type', '"adaptive"'],
  ['thinking enabled without budget', ask({ thinking: { type: 'enabled' } }), 'thinking.budget_tokens', 'required when thinking.type is "enabled"'],
  ['thinking budget zero', ask({ thinking: { type: 'enabled', budget_tokens: 0 } }), 'thinking.budget_tokens', 'positive integer'],
  ['reasoning_effort unknown', ask({ reasoning_effort: 'extreme' }), 'reasoning_effort', '"xhigh"'],
  ['verbosity unknown', ask({ verbosity: 'loud' }), 'verbosity', '"low", "medium", "high"'],
  // messages, every kind
  ['message a string', convo('hi'), 'messages[0]', 'must be an object'],
  ['role missing', convo({ content: 'x' }), 'messages[0].role', 'is required'],
  ['role unknown', convo({ role: 'bot', content: 'x' }), 'messages[0].role', '"function"; got "bot"'],
  ['developer content missing', convo({ role: 'developer' }), 'messages[0].content', 'is required'],
  ['developer content with image', convo({ role: 'developer', content: [{ type: 'image_url', image_url: { url: 'https://a.b/c.png' } }] }), 'messages[0].content[0].type', 'only text parts'],
  ['system content empty array', convo({ role: 'system', content: [] }), 'messages[0].content', 'at least 1 content part'],
  ['system content a number', convo({ role: 'system', content: 5 }), 'messages[0].content', 'a string or an array of content parts'],
  ['system name a number', convo({ role: 'system', content: 'x', name: 5 }), 'messages[0].name', 'must be a string'],
  ['user text part without text', firstPart({ type: 'text' }), 'messages[0].content[0].text', 'is required'],
  ['user image without url', firstPart({ type: 'image_url', image_url: {} }), 'messages[0].content[0].image_url.url', 'is required'],
  ['user image with ftp url', firstPart({ type: 'image_url', image_url: { url: 'ftp://a/b.png' } }), 'messages[0].content[0].image_url.url', 'http(s) URL or a base64 data URL'],
  ['user image with raw base64', firstPart({ type: 'image_url', image_url: { url: 'iVBORw0KGgo=' } }), 'messages[0].content[0].image_url.url', 'data:image/png;base64'],
  ['user image detail unknown', firstPart({ type: 'image_url', image_url: { url: 'https://a.b/c.png', detail: 'ultra' } }), 'messages[0].content[0].image_url.detail', '"auto", "low", "high"'],
  ['user audio format ogg', firstPart({ type: 'input_audio', input_audio: { data: 'AAAA', format: 'ogg' } }), 'messages[0].content[0].input_audio.format', '"wav", "mp3"'],
  ['user audio data not base64', firstPart({ type: 'input_audio', input_audio: { data: 'not base64!', format: 'wav' } }), 'messages[0].content[0].input_audio.data', 'base64-encoded audio'],
  ['user refusal part', firstPart({ type: 'refusal', refusal: 'no' }), 'messages[0].content[0].type', 'in a user message; got "refusal"'],
  ['user part a string', firstPart('hello'), 'messages[0].content[0]', 'must be an object'],
  ['assistant without content or tool_calls', convo(user, { role: 'assistant' }), 'messages[1].content', 'required unless the assistant message has tool_calls'],
  ['assistant content null without tool_calls', convo(user, { role: 'assistant', content: null }), 'messages[1].content', 'got null'],
  ['assistant content with image', convo(user, { role: 'assistant', content: [{ type: 'image_url' }] }), 'messages[1].content[0].type', '"text", "refusal" in an assistant message'],
  ['assistant refusal with text', convo(user, { role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'refusal', refusal: 'b' }] }), 'messages[1].content[1]', 'exactly one refusal part'],
  ['assistant two refusals', convo(user, { role: 'assistant', content: [{ type: 'refusal', refusal: 'a' }, { type: 'refusal', refusal: 'b' }] }), 'messages[1].content[1]', 'exactly one refusal part'],
  ['assistant refusal a number', convo(user, { role: 'assistant', content: 'x', refusal: 5 }), 'messages[1].refusal', 'must be a string'],
  ['assistant audio without id', convo(user, { role: 'assistant', content: 'x', audio: {} }), 'messages[1].audio.id', 'is required'],
  ['assistant tool_calls empty', convo(user, { role: 'assistant', tool_calls: [] }), 'messages[1].tool_calls', 'at least 1 item'],
  ['tool call without id', toolCall({ type: 'function', function: { name: 'f', arguments: '{}' } }), 'messages[1].tool_calls[0].id', 'is required'],
  ['tool call type wrong', toolCall({ id: 'c', type: 'code', function: { name: 'f', arguments: '{}' } }), 'messages[1].tool_calls[0].type', 'must be "function"'],
  ['tool call without function', toolCall({ id: 'c', type: 'function' }), 'messages[1].tool_calls[0].function', 'is required'],
  ['tool call arguments an object', toolCall({ id: 'c', type: 'function', function: { name: 'f', arguments: {} } }), 'messages[1].tool_calls[0].function.arguments', 'must be a string'],
  ['assistant tool_calls and function_call', convo(user, { ...callingAssistant, function_call: { name: 'f', arguments: '{}' } }), 'messages[1].function_call', 'send tool_calls only'],
  ['assistant function_call name invalid', convo(user, { role: 'assistant', function_call: { name: 'a b', arguments: '{}' } }), 'messages[1].function_call.name', 'a-z, A-Z'],
  ['tool message without tool_call_id', convo(user, callingAssistant, { role: 'tool', content: 'r' }), 'messages[2].tool_call_id', 'is required'],
  ['tool message with image', convo(user, callingAssistant, { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'image_url' }] }), 'messages[2].content[0].type', 'only text parts'],
  ['tool message content missing', convo(user, callingAssistant, { role: 'tool', tool_call_id: 'call_1' }), 'messages[2].content', 'is required'],
  ['function message without name', convo(user, legacyCall, { role: 'function', content: 'r' }), 'messages[2].name', 'is required'],
  ['function message without content', convo(user, legacyCall, { role: 'function', name: 'f' }), 'messages[2].content', 'is required'],
  ['function message with parts', convo(user, legacyCall, { role: 'function', name: 'f', content: [{ type: 'text', text: 'r' }] }), 'messages[2].content', 'must be a string'],
  ['function message not after function_call', convo(user, { role: 'function', name: 'f', content: 'r' }), 'messages[1].role', 'does not follow an assistant message with function_call'],
  ['function message answers another name', convo(user, legacyCall, { role: 'function', name: 'g', content: 'r' }), 'messages[2].name', 'must be "f"'],
  ['function message answered twice', convo(user, legacyCall, { role: 'function', name: 'f', content: 'r' }, { role: 'function', name: 'f', content: 'r' }), 'messages[3].role', 'does not follow'],
]

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
