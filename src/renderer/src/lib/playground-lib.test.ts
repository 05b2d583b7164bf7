import { describe, expect, it } from 'vitest'
import { agentFromDraft } from './agent-from-draft'
import { pcm16ToWav } from './audio-data'
import { buildChatRequest } from './build-request'
import { bodyToParams, paramsToBody, validateParams } from './chat-params'
import { codeSnippet, pythonLiteral } from './code-snippets'
import { parseJsonText } from './json-text'
import { emptyDraft, type PlaygroundDraft } from './playground-model'
import { checkStructuredAnswer } from './response-format'
import { ApiError } from '../api/api-error'
import { compareStartModels } from '../stores/compare-slice'
import { MODELS, TEAM } from '../test/fake-gateway-api'
import { defaultModel, modelOptions } from './model-options'
import { refusedBeforeSending } from './turn-failure'

const draft = (p: Partial<PlaygroundDraft> = {}): PlaygroundDraft => ({ ...emptyDraft('gpt-echo'), messages: [{ id: '1', role: 'user', content: 'Hi' }], ...p })

describe('chat parameters', () => {
  it('turns panel values into request fields and back', () => {
    const values = { temperature: '0.5', n: '2', stop: 'END\\n\nSTOP', logprobs: 'true', top_logprobs: '3', modalities: 'text,audio', audio_voice: 'coral', audio_format: 'wav', thinking_type: 'enabled', thinking_budget: '1024', metadata: '{"a":"b"}', stream: 'true', include_usage: 'true', prediction: 'draft' }
    expect(validateParams(values)).toEqual({})
    const body = paramsToBody(values)
    expect(body).toEqual({
      temperature: 0.5, n: 2, stop: ['END\n', 'STOP'], logprobs: true, top_logprobs: 3, modalities: ['text', 'audio'], audio: { voice: 'coral', format: 'wav' },
      thinking: { type: 'enabled', budget_tokens: 1024 }, metadata: { a: 'b' }, stream: true, stream_options: { include_usage: true }, prediction: { type: 'content', content: 'draft' },
    })
    expect(paramsToBody({ ...bodyToParams(body), stream: 'true', include_usage: 'true' })).toEqual(body)
  })
})

describe('buildChatRequest', () => {
  it('puts the system prompt first, attachments as content parts, and leaves fallbacks to the query', () => {
    const built = buildChatRequest(draft({
      systemPrompt: 'Sys',
      systemRole: 'developer',
      params: { stream: '', fallbacks: 'false' },
      messages: [{ id: '1', role: 'user', content: 'Look', attachments: [{ id: 'a', kind: 'image', name: 'x.png', dataUrl: 'data:image/png;base64,AAA' }, { id: 'b', kind: 'audio', name: 'x.wav', audio: { data: 'UklG', format: 'wav' } }] }],
    }))
    expect(built).toEqual({
      ok: true,
      fallbacks: 'off',
      api: 'chat',
      body: {
        model: 'gpt-echo',
        messages: [
          { role: 'developer', content: 'Sys' },
          { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAA' } }, { type: 'input_audio', input_audio: { data: 'UklG', format: 'wav' } }] },
        ],
      },
    })
  })

  it('collects every problem instead of sending', () => {
    const built = buildChatRequest({ ...draft({ model: '', messages: [], toolsText: '[', toolChoice: 'required' }), responseFormat: { ...emptyDraft().responseFormat, kind: 'json_schema', name: 'bad name!' } })
    expect(built.ok).toBe(false)
    if (built.ok) return
    expect(built.problems).toMatchObject({ model: 'Pick a model.', messages: 'Write a message first.', responseFormat: { field: 'name' } })
    expect(built.problems.tools).toMatch(/^Not valid JSON/)
  })
})

describe('code snippets', () => {
  const body = { model: 'gpt-echo', messages: [{ role: 'user' as const, content: "It's \"quoted\"" }], temperature: 0.2, thinking: { type: 'enabled' }, logprobs: false }

  it('curl sends the exact body through a quoted heredoc, with the key from the environment', () => {
    const code = codeSnippet('curl', 'http://127.0.0.1:4310', body, 'off')
    expect(code).toContain("curl -sS 'http://127.0.0.1:4310/v1/chat/completions?fallbacks=false'")
    expect(code).toContain('-H "Authorization: Bearer $GATEHOUSE_API_KEY"')
    const json = code.split("<<'GATEHOUSE_REQUEST'\n")[1]!.split('\nGATEHOUSE_REQUEST')[0]!
    expect(JSON.parse(json)).toEqual(body)
  })

  it('JavaScript uses the openai SDK against the local base URL; Python moves unknown fields to extra_body', () => {
    const js = codeSnippet('javascript', 'http://127.0.0.1:4310', { ...body, stream: true })
    expect(js).toContain("new OpenAI({ baseURL: 'http://127.0.0.1:4310/v1', apiKey: process.env.GATEHOUSE_API_KEY })")
    expect(js).toContain('for await (const chunk of stream)')
    const py = codeSnippet('python', 'http://127.0.0.1:4310', body, 'on')
    expect(py).toContain('client = OpenAI(base_url="http://127.0.0.1:4310/v1", api_key=os.environ["GATEHOUSE_API_KEY"])')
    expect(py).toContain('    temperature=0.2,')
    expect(py).toContain('    logprobs=False,')
    expect(py).toContain('extra_body={\n        "thinking": {')
    expect(py).toContain('extra_query={"fallbacks": "true"}')
    expect(pythonLiteral({ a: [true, null, 'x'] })).toBe('{\n    "a": [\n        True,\n        None,\n        "x",\n    ],\n}')
  })
})

describe('small helpers', () => {
  it('says where JSON breaks', () => {
    const r = parseJsonText('{\n  "a": 1,\n  oops\n}')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toMatch(/^Not valid JSON at line 3, column 3/)
  })

  it('checks a structured answer against the schema top level', () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' }, confidence: { type: 'number' } }, required: ['answer', 'confidence'] }
    expect(checkStructuredAnswer('{"answer":"x","confidence":1}', schema)).toEqual({ ok: true, value: { answer: 'x', confidence: 1 }, problems: [] })
    expect(checkStructuredAnswer('{"answer":2}', schema)).toMatchObject({ ok: true, problems: ['"confidence" is required but missing.', '"answer" is integer, the schema wants string.'] })
    expect(checkStructuredAnswer('nope', schema).ok).toBe(false)
  })

  it('builds an agent from the draft without per-call fields', () => {
    const plan = agentFromDraft(draft({ systemPrompt: 'Be nice', params: { temperature: '0.1', stream: 'true', include_usage: 'true' }, toolsText: '[{"type":"function","function":{"name":"f"}}]', toolChoice: 'auto' }), 'Nice bot', [])
    expect(plan).toEqual({ ok: true, input: { name: 'Nice bot', model: 'gpt-echo', system_prompt: 'Be nice', params: { temperature: 0.1, tool_choice: 'auto' }, tools: [{ type: 'function', function: { name: 'f' } }] } })
    expect(agentFromDraft(draft({ model: 'agent-1' }), 'x', [{ id: 'agent-1' } as never])).toMatchObject({ ok: false })
  })

  it('wraps pcm16 in a playable WAV header', () => {
    const wav = pcm16ToWav(btoa('\x01\x02\x03\x04'))
    expect(new TextDecoder().decode(wav.slice(0, 4))).toBe('RIFF')
    expect(wav.length).toBe(48)
  })
})

describe('model options', () => {
  const providers = [
    { id: 'up', type: 'openai' as const, base_url: null, has_api_key: true, api_key_env: null, source: 'config' as const, created_at: 1 },
    { id: 'ant', type: 'anthropic' as const, base_url: null, has_api_key: true, api_key_env: null, source: 'config' as const, created_at: 1 },
  ]
  const claude = { ...MODELS[1]!, id: 'mid-9', name: 'claude', provider: 'ant' }

  it('claims vision and tools only where every model of the provider has them', () => {
    const options = modelOptions([...MODELS, claude], providers, [], TEAM)
    expect(options.map((o) => [o.value, o.capabilities])).toEqual([['gpt-echo', ['chat']], ['other', ['chat']], ['claude', ['chat', 'tools', 'vision']]])
  })

  it('starts on the model that answered last while it is offered, else the first', () => {
    const options = modelOptions(MODELS, providers, [], TEAM)
    expect(defaultModel(options, 'other')).toBe('other')
    expect(defaultModel(options, 'gone')).toBe('gpt-echo')
    expect(defaultModel([], null)).toBeNull()
  })

  it('gives compare columns different models, the chat\'s first', () => {
    expect(compareStartModels([{ model: '' }, { model: '' }], 'other', ['gpt-echo', 'other'])).toEqual(['other', 'gpt-echo'])
    expect(compareStartModels([{ model: 'gpt-echo' }, { model: '' }], 'gpt-echo', ['gpt-echo', 'other'])).toEqual(['other'])
  })
})

describe('which failures hand the turn back', () => {
  it('gateway refusals do; upstream failures, network errors and other errors keep the turn', () => {
    expect(refusedBeforeSending(new ApiError('x', { status: 400, code: 'invalid_value' }))).toBe(true)
    expect(refusedBeforeSending(new ApiError('x', { status: 402 }))).toBe(true)
    expect(refusedBeforeSending(new ApiError('x', { status: 400, code: 'upstream_rejected' }))).toBe(false)
    expect(refusedBeforeSending(new ApiError('x', { status: 429, code: 'upstream_rate_limited' }))).toBe(false)
    expect(refusedBeforeSending(new ApiError('x', { status: 0, code: 'network_error' }))).toBe(false)
    expect(refusedBeforeSending(new Error('boom'))).toBe(false)
  })
})
