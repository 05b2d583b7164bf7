import fc from 'fast-check'

/**
 * Generators of requests the gateway must refuse: each is invalid by construction (a mutation that
 * breaks one rule, or garbage), so any answer but a 4xx is a bug. Authenticated with a valid key,
 * so they reach validation rather than stopping at the door.
 */
export interface FuzzRequest {
  path: string
  contentType: string | null
  body: string | Buffer
  family: 'openai' | 'anthropic'
}

const json = (path: string, value: unknown, family: FuzzRequest['family'] = 'openai'): FuzzRequest => ({ path, contentType: 'application/json', body: JSON.stringify(value), family })

/** Any JSON value, small enough to keep a run quick, with the keys attackers like. */
const anyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1, 1e308, -0, '', '\u0000', '𝄞', '__proto__', 'constructor'),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.double({ noNaN: true }),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'model', 'messages')), tie('value'), { maxKeys: 4 }),
  ),
})).value

const notAnObject = fc.oneof(fc.array(anyJson, { maxLength: 3 }), fc.string({ maxLength: 20 }), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null))
const notAString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(anyJson, { maxLength: 2 }), fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 2 }))
const notJsonText = fc.string({ minLength: 1, maxLength: 60 }).filter((s) => {
  try {
    JSON.parse(s)
    return false
  } catch {
    return true
  }
})
const truncated = (text: string) => fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((n) => text.slice(0, n))
const deep = fc.integer({ min: 513, max: 5000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`)
const user = { role: 'user', content: 'Hello' }

// ---- chat completions -----------------------------------------------------------------------

const CHAT = '/v1/chat/completions'
const chatBase = { model: 'gpt-echo', messages: [user] }
const CHAT_FIELDS = new Set(['model', 'messages', 'store', 'metadata', 'frequency_penalty', 'presence_penalty', 'logit_bias', 'logprobs', 'top_logprobs', 'max_tokens', 'max_completion_tokens', 'n', 'modalities', 'prediction', 'audio', 'response_format', 'seed', 'service_tier', 'stop', 'stream', 'stream_options', 'temperature', 'top_p', 'tools', 'tool_choice', 'parallel_tool_calls', 'function_call', 'functions', 'thinking', 'reasoning_effort', 'verbosity', 'user', 'safety_identifier', 'prompt_cache_key', 'prompt_cache_retention', 'web_search_options'])

/** One field of a valid request set to a value its rules refuse. */
const badChatField = fc.oneof(
  fc.record({ temperature: fc.oneof(fc.double({ min: 2.000001, noNaN: true, noDefaultInfinity: true }), fc.double({ max: -0.000001, noNaN: true, noDefaultInfinity: true }), fc.string(), fc.boolean()) }),
  fc.record({ top_p: fc.oneof(fc.double({ min: 1.000001, max: 1e9, noNaN: true }), fc.constant(-1)) }),
  fc.record({ n: fc.oneof(fc.integer({ min: 129 }), fc.integer({ max: 0 }), fc.constant(1.5), fc.string()) }),
  fc.record({ max_tokens: fc.oneof(fc.integer({ max: -1 }), fc.constant(2.5), fc.string()) }),
  fc.record({ stop: fc.oneof(fc.array(fc.string(), { minLength: 5, maxLength: 8 }), fc.integer(), fc.constant([])) }),
  fc.record({ model: fc.oneof(fc.constant(''), notAString) }),
  fc.record({ messages: fc.oneof(fc.constant([]), notAnObject.filter((v) => !Array.isArray(v) || v.length === 0)) }),
  fc.record({ messages: fc.array(fc.oneof(notAnObject, fc.record({ role: fc.string().filter((r) => !['developer', 'system', 'user', 'assistant', 'tool', 'function'].includes(r)), content: anyJson })), { minLength: 1, maxLength: 3 }) }),
  fc.record({ messages: fc.constantFrom([{ role: 'user' }], [{ role: 'assistant' }], [user, { role: 'tool', content: 'x' }], [{ role: 'user', content: 5 }], [{ role: 'user', content: [] }], [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'ftp://x' } }] }]) }),
  fc.record({ tools: fc.oneof(notAnObject.filter((v) => !Array.isArray(v)), fc.array(fc.record({ type: fc.string().filter((t) => !['function', 'web_search', 'rag'].includes(t) && !t.endsWith('_ocr')) }), { minLength: 1, maxLength: 2 })) }),
  fc.record({ logit_bias: fc.oneof(fc.dictionary(fc.string().filter((k) => !/^\d+$/.test(k) && k !== '__proto__'), fc.integer(), { minKeys: 1, maxKeys: 2 }), fc.constant({ 1: 500 })) }),
  fc.record({ response_format: fc.oneof(fc.record({ type: fc.string().filter((t) => !['text', 'json_object', 'json_schema'].includes(t)) }), fc.constant({ type: 'json_schema' })) }),
  fc.record({ stream: fc.constant(false), stream_options: fc.constant({ include_usage: true }) }),
  fc.record({ top_logprobs: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ web_search_options: fc.record({ search_context_size: fc.string().filter((s) => !['low', 'medium', 'high'].includes(s)) }) }),
)

const unknownKey = fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !CHAT_FIELDS.has(k))

const chatRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  notAnObject.map((v) => json(CHAT, v)),
  fc.tuple(fc.constantFrom('model', 'messages'), fc.dictionary(fc.constantFrom(...CHAT_FIELDS), anyJson, { maxKeys: 3 })).map(([missing, extra]) => {
    const body: Record<string, unknown> = { ...chatBase, ...extra }
    delete body[missing]
    return json(CHAT, body)
  }),
  badChatField.map((bad) => json(CHAT, { ...chatBase, ...bad })),
  fc.tuple(unknownKey, anyJson).map(([k, v]) => ({ path: CHAT, contentType: 'application/json', body: `{"model":"gpt-echo","messages":[{"role":"user","content":"x"}],${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}}`, family: 'openai' as const })),
  notJsonText.map((text) => ({ path: CHAT, contentType: 'application/json', body: text, family: 'openai' as const })),
  truncated(JSON.stringify({ ...chatBase, temperature: 0.5 })).map((text) => ({ path: CHAT, contentType: 'application/json', body: text, family: 'openai' as const })),
  fc.tuple(fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png'), fc.string({ maxLength: 40 })).map(([type, text]) => ({ path: CHAT, contentType: type, body: text, family: 'openai' as const })),
  fc.tuple(deep, fc.constantFrom('"metadata":@', '"tools":[{"type":"function","function":{"name":"f","parameters":{"a":@}}}]', '"response_format":{"type":"json_schema","json_schema":{"name":"n","schema":{"a":@}}}')).map(([nested, where]) => ({
    path: CHAT,
    contentType: 'application/json',
    body: `{"model":"gpt-echo","messages":[${JSON.stringify(user)}],${where.replace('@', nested)}}`,
    family: 'openai' as const,
  })),
)

// ---- /v1/messages -----------------------------------------------------------------------------

const MESSAGES = '/v1/messages'
const messagesBase = { model: 'claude-echo', max_tokens: 16, messages: [user] }
const anthropic = (value: unknown) => json(MESSAGES, value, 'anthropic')

const badMessagesField = fc.oneof(
  fc.record({ max_tokens: fc.oneof(fc.integer({ max: -1 }), fc.constant(1.5), fc.string(), fc.constant(null)) }),
  fc.record({ temperature: fc.oneof(fc.double({ min: 1.000001, max: 1e6, noNaN: true }), fc.string()) }),
  fc.record({ top_k: fc.oneof(fc.integer({ max: -1 }), fc.constant(0.5)) }),
  fc.record({ stream: fc.oneof(fc.string(), fc.integer()) }),
  fc.record({ service_tier: fc.string().filter((s) => s !== 'auto' && s !== 'standard_only') }),
  fc.record({ model: fc.oneof(fc.constant(''), notAString, fc.constant('voice'), fc.string({ minLength: 1 }).map((s) => `no-such-${s}`)) }),
  fc.record({ messages: fc.oneof(fc.constant([]), notAnObject.filter((v) => !Array.isArray(v)), fc.constant([{ role: 'robot', content: 'x' }]), fc.constant([{ role: 'user' }]), fc.constant([{ role: 'user', content: 7 }])) }),
  fc.record({ system: fc.oneof(fc.integer(), fc.constant([{ type: 'image' }])) }),
  fc.record({ tools: fc.oneof(fc.integer(), fc.constant([{ name: 'no-schema' }]), fc.constant([{}])) }),
  fc.record({ stop_sequences: fc.oneof(fc.string(), fc.constant([1])) }),
)

const messagesRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  notAnObject.map(anthropic),
  fc.constantFrom('model', 'messages', 'max_tokens').map((missing) => {
    const body: Record<string, unknown> = { ...messagesBase }
    delete body[missing]
    return anthropic(body)
  }),
  badMessagesField.map((bad) => anthropic({ ...messagesBase, ...bad })),
  notJsonText.map((text) => ({ path: MESSAGES, contentType: 'application/json', body: text, family: 'anthropic' as const })),
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => ({ path: MESSAGES, contentType: 'application/json', body: Buffer.concat([Buffer.from('{"model":"claude-echo","max_tokens":1,"messages":[{"role":"user","content":"'), Buffer.from([0xff, 0xfe]), Buffer.from(bytes), Buffer.from('"}]}')]), family: 'anthropic' as const })),
  fc.constant({ path: MESSAGES, contentType: 'application/json', body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(messagesBase))]), family: 'anthropic' as const }),
  truncated(JSON.stringify(messagesBase)).map((text) => ({ path: MESSAGES, contentType: 'application/json', body: text, family: 'anthropic' as const })),
  fc.record({ messages: fc.constant([user]) }).map((b) => ({ path: '/v1/messages/count_tokens', contentType: 'application/json', body: JSON.stringify(b), family: 'anthropic' as const })),
)

// ---- multipart: /v1/files and /v1/audio/transcriptions ----------------------------------------------

const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW'
const part = (name: string, value: string | Buffer, filename?: string) =>
  Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n${filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n`), Buffer.from(value), Buffer.from('\r\n')])
const form = (parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)])
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`
const fieldName = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => /^[\w[\]-]+$/.test(s))
const content = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((a) => Buffer.from(a))

const filesRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  // a file whose purpose is not "batch", in either order
  fc.tuple(content, fc.string({ maxLength: 10 }).filter((p) => p !== 'batch'), fc.boolean()).map(([data, purpose, fileFirst]) => {
    const parts = [part('file', data, 'in.jsonl'), part('purpose', purpose)]
    return { path: '/v1/files', contentType: multipartType, body: form(fileFirst ? parts : parts.reverse()), family: 'openai' as const }
  }),
  // something missing, or a field it does not take
  fc.oneof(
    content.map((data) => form([part('file', data, 'in.jsonl')])),
    fc.constant(form([part('purpose', 'batch')])),
    fc.tuple(content, fieldName.filter((n) => n !== 'file' && n !== 'purpose')).map(([data, extra]) => form([part('purpose', 'batch'), part(extra, 'x'), part('file', data, 'a.jsonl')])),
    fc.constant(form([part('purpose', 'batch'), part('file', Buffer.alloc(0), 'empty.jsonl')])),
    fc.constant(form([part('purpose', 'batch'), part('file', 'as text, not a file part')])),
  ).map((body) => ({ path: '/v1/files', contentType: multipartType, body, family: 'openai' as const })),
  // garbage, cut short, or not multipart at all
  content.map((garbage) => ({ path: '/v1/files', contentType: multipartType, body: garbage, family: 'openai' as const })),
  // cut before the closing boundary begins: the form never ends
  content.chain((data) => truncated(form([part('purpose', 'batch'), part('file', data, 'x.jsonl')]).toString('latin1').slice(0, -(BOUNDARY.length + 6)))).map((text) => ({ path: '/v1/files', contentType: multipartType, body: Buffer.from(text, 'latin1'), family: 'openai' as const })),
  fc.constantFrom('multipart/form-data', 'application/json', 'text/plain').map((type) => ({ path: '/v1/files', contentType: type, body: '{"purpose":"batch"}', family: 'openai' as const })),
)

const transcriptionRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  // a model this gateway does not have, or none
  fc.tuple(content, fc.option(fc.string({ minLength: 1, maxLength: 10 }).map((s) => `no-such-${s}`))).map(([data, model]) => form([part('file', data, 'a.wav'), ...(model === null ? [] : [part('model', model)])])),
  // fields out of range
  fc.tuple(content, fc.oneof(fc.record({ temperature: fc.oneof(fc.constant('2'), fc.constant('-1'), fc.constant('hot')) }), fc.record({ language: fc.string({ minLength: 3, maxLength: 6 }) }), fc.record({ response_format: fc.string({ minLength: 1, maxLength: 8 }).filter((f) => !['json', 'text', 'srt', 'vtt', 'verbose_json'].includes(f)) }))).map(([data, fields]) =>
    form([part('model', 'voice'), ...Object.entries(fields).map(([k, v]) => part(k, String(v))), part('file', data, 'a.wav')]),
  ),
  fc.tuple(content, fieldName.filter((n) => !['model', 'language', 'prompt', 'response_format', 'temperature', 'timestamp_granularities[]', 'file'].includes(n))).map(([data, extra]) => form([part('model', 'voice'), part(extra, 'x'), part('file', data, 'a.wav')])),
  content,
).map((body) => ({ path: '/v1/audio/transcriptions', contentType: multipartType, body, family: 'openai' as const }))

export const malformed = { chat: chatRequest, messages: messagesRequest, multipart: fc.oneof(filesRequest, transcriptionRequest) }
