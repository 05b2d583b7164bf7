import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import { readFixture, requestFixtures } from './fixtures/messages-fixtures'
import { inspectMessagesBody } from './inspect-messages-body'

const valid = {
  model: 'claude-sonnet-4-5-20250929',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'Hi' }],
}
const text = (textValue: string, extra: object = {}) => ({ type: 'text', text: textValue, ...extra })
const cc = (ttl?: string) => (ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl })

function refusal(body: unknown): GatewayError {
  const raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body))
  try {
    inspectMessagesBody(raw)
  } catch (error) {
    if (error instanceof GatewayError) return error
    throw error
  }
  throw new Error(`accepted: ${raw.toString()}`)
}

describe('inspectMessagesBody: valid bodies', () => {
  it.each(requestFixtures.map((f) => [f.file, f] as const))('accepts %s and locates its model', (_file, fixture) => {
    const raw = readFixture(fixture.file)
    const inspected = inspectMessagesBody(raw)
    expect(inspected.model).toBe(fixture.model)
    expect(inspected.stream).toBe(fixture.stream)
    const { start, end } = inspected.modelValueSpan
    expect(raw.subarray(start, end).toString('utf8')).toBe(JSON.stringify(fixture.model))
    // An independent reading: the last occurrence of the literal in the body (no fixture repeats it after the top-level key).
    expect(start).toBe(raw.lastIndexOf(JSON.stringify(fixture.model)))
  })

  it('finds the top-level model after multibyte text, escapes and nested model keys', () => {
    const raw = readFixture('requests/unicode-and-nested-model-keys.json')
    const { modelValueSpan } = inspectMessagesBody(raw)
    expect(modelValueSpan.start).toBeGreaterThan(raw.toString('utf8').lastIndexOf('"claude-sonnet')) // byte offset > UTF-16 index
    expect(raw.subarray(modelValueSpan.start, modelValueSpan.end).toString()).toBe('"claude-sonnet-4-5-20250929"')
  })

  it('accepts max_tokens 0, nulls for the nullable fields and unknown fields', () => {
    const body = {
      ...valid,
      max_tokens: 0,
      temperature: null,
      top_p: null,
      top_k: null,
      stop_sequences: null,
      stream: null,
      tools: null,
      service_tier: null,
      cache_control: null,
      context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] },
      messages: [{ role: 'user', content: [text('hi', { cache_control: null }), { type: 'future_block_20990101', x: 1 }] }],
    }
    expect(inspectMessagesBody(Buffer.from(JSON.stringify(body)))).toMatchObject({ model: valid.model, stream: false })
  })

  it('accepts the bounds of the ranges', () => {
    for (const extra of [{ temperature: 0 }, { temperature: 1 }, { top_p: 0 }, { top_p: 1 }, { top_k: 0 }, { stop_sequences: [] }, { service_tier: 'auto' }, { service_tier: 'standard_only' }]) {
      expect(() => inspectMessagesBody(Buffer.from(JSON.stringify({ ...valid, ...extra })))).not.toThrow()
    }
  })

  it('accepts four breakpoints', () => {
    const body = {
      ...valid,
      system: [text('a', { cache_control: cc('1h') })],
      messages: [{ role: 'user', content: [text('b', { cache_control: cc() }), text('c', { cache_control: cc('5m') })] }],
      cache_control: cc(),
    }
    expect(() => inspectMessagesBody(Buffer.from(JSON.stringify(body)))).not.toThrow()
  })

  it('handles blocks nested deeper than the call stack would allow', () => {
    let block = '{"type":"text","text":"bottom","cache_control":{"type":"ephemeral","ttl":"2h"}}'
    for (let i = 0; i < 20_000; i++) block = `{"type":"tool_result","tool_use_id":"t","content":[${block}]}`
    const raw = Buffer.from(`{"model":"m","max_tokens":1,"messages":[{"role":"user","content":[${block}]}]}`)
    const error = (() => {
      try {
        inspectMessagesBody(raw)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(GatewayError)
    expect((error as GatewayError).param).toMatch(/^messages\.0\.content\.0(\.content\.0){20000}\.cache_control\.ttl$/)
  })

  it('reports stream true only for true', () => {
    expect(inspectMessagesBody(Buffer.from(JSON.stringify({ ...valid, stream: true }))).stream).toBe(true)
    expect(inspectMessagesBody(Buffer.from(JSON.stringify({ ...valid, stream: false }))).stream).toBe(false)
  })
})

const fiveBreakpoints = {
  ...valid,
  tools: [{ name: 't', input_schema: { type: 'object' }, cache_control: cc('1h') }],
  system: [text('s', { cache_control: cc('1h') })],
  messages: [
    {
      role: 'user',
      content: [
        text('a', { cache_control: cc('5m') }),
        { type: 'tool_result', tool_use_id: 'toolu_1', content: [text('nested', { cache_control: cc() })] },
      ],
    },
  ],
  cache_control: cc(),
}

const documentSourceBreakpoints = {
  ...valid,
  messages: [
    {
      role: 'user',
      content: [
        {
          type: 'document',
          source: { type: 'content', content: [1, 2, 3, 4, 5].map((n) => text(`part ${n}`, { cache_control: cc() })) },
        },
      ],
    },
  ],
}

// [case, body, param (field path), a fragment the message must hold]
const invalidBodies: Array<[string, unknown, string | null, string]> = [
  ['five breakpoints', fiveBreakpoints, 'cache_control', 'Found 5 cache_control breakpoints'],
  ['five breakpoints in a document source', documentSourceBreakpoints, 'messages.0.content.0.source.content.4.cache_control', 'at most 4'],
  ['bad ttl', { ...valid, messages: [{ role: 'user', content: [text('a'), text('b', { cache_control: cc('10m') })] }] }, 'messages.0.content.1.cache_control.ttl', '"5m" or "1h"'],
  ['null ttl', { ...valid, system: [text('s', { cache_control: { type: 'ephemeral', ttl: null } })] }, 'system.0.cache_control.ttl', '"5m" or "1h"'],
  ['bad cache type', { ...valid, tools: [{ name: 't', input_schema: {}, cache_control: { type: 'persistent' } }] }, 'tools.0.cache_control.type', '"ephemeral"'],
  ['cache_control not an object', { ...valid, cache_control: 'ephemeral' }, 'cache_control', 'must be an object'],
  ['bad ttl on a tool_result block', { ...valid, messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', cache_control: cc('1d') }] }] }, 'messages.0.content.0.cache_control.ttl', '"1d"'],
  ['bad ttl nested in a tool_result', { ...valid, messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: [text('n', { cache_control: cc('2h') })] }] }] }, 'messages.0.content.0.content.0.cache_control.ttl', '"2h"'],
  ['temperature 1.5', { ...valid, temperature: 1.5 }, 'temperature', 'from 0 to 1'],
  ['temperature negative', { ...valid, temperature: -0.1 }, 'temperature', 'from 0 to 1'],
  ['temperature a string', { ...valid, temperature: '0.5' }, 'temperature', 'got "0.5"'],
  ['top_p 1.2', { ...valid, top_p: 1.2 }, 'top_p', 'from 0 to 1'],
  ['top_k negative', { ...valid, top_k: -1 }, 'top_k', 'integer >= 0'],
  ['top_k fractional', { ...valid, top_k: 2.5 }, 'top_k', 'integer >= 0'],
  ['negative max_tokens', { ...valid, max_tokens: -1 }, 'max_tokens', 'integer >= 0'],
  ['non-integer max_tokens', { ...valid, max_tokens: 10.5 }, 'max_tokens', 'integer >= 0'],
  ['string max_tokens', { ...valid, max_tokens: '100' }, 'max_tokens', 'got "100"'],
  ['missing max_tokens', { model: valid.model, messages: valid.messages }, 'max_tokens', 'is required'],
  ['missing model', { max_tokens: 1, messages: valid.messages }, 'model', 'is required'],
  ['empty model', { ...valid, model: '' }, 'model', 'non-empty string'],
  ['numeric model', { ...valid, model: 3 }, 'model', 'non-empty string'],
  ['missing messages', { model: valid.model, max_tokens: 1 }, 'messages', 'is required'],
  ['messages not an array', { ...valid, messages: { role: 'user', content: 'x' } }, 'messages', 'must be an array'],
  ['message not an object', { ...valid, messages: ['hi'] }, 'messages.0', 'must be an object'],
  ['bad role', { ...valid, messages: [{ role: 'user', content: 'a' }, { role: 'tool', content: 'b' }] }, 'messages.1.role', '"user", "assistant" or "system"'],
  ['missing role', { ...valid, messages: [{ content: 'a' }] }, 'messages.0.role', '"user", "assistant" or "system"'],
  ['missing content', { ...valid, messages: [{ role: 'user' }] }, 'messages.0.content', 'string or an array'],
  ['no messages', { ...valid, messages: [] }, 'messages', 'at least one message'],
  ['content a number', { ...valid, messages: [{ role: 'user', content: 5 }] }, 'messages.0.content', 'string or an array'],
  ['block without type', { ...valid, messages: [{ role: 'user', content: [{ text: 'x' }] }] }, 'messages.0.content.0.type', 'is required'],
  ['block not an object', { ...valid, messages: [{ role: 'user', content: ['x'] }] }, 'messages.0.content.0', 'content block object'],
  ['stop_sequences a string', { ...valid, stop_sequences: 'END' }, 'stop_sequences', 'array of strings'],
  ['stop_sequences holding a number', { ...valid, stop_sequences: ['END', 7] }, 'stop_sequences.1', 'must be a string'],
  ['stream a string', { ...valid, stream: 'true' }, 'stream', 'true, false or null'],
  ['service_tier unknown', { ...valid, service_tier: 'priority' }, 'service_tier', '"auto", "standard_only" or null'],
  ['service_tier a number', { ...valid, service_tier: 1 }, 'service_tier', '"auto", "standard_only" or null'],
  ['system a number', { ...valid, system: 42 }, 'system', 'string or an array'],
  ['system block not text', { ...valid, system: [{ type: 'image', source: {} }] }, 'system.0', 'text block'],
  ['system text not a string', { ...valid, system: [{ type: 'text', text: 1 }] }, 'system.0.text', 'must be a string'],
  ['tools an object', { ...valid, tools: { name: 't' } }, 'tools', 'must be an array'],
  ['custom tool without name', { ...valid, tools: [{ input_schema: { type: 'object' } }] }, 'tools.0.name', 'is required'],
  ['custom tool without input_schema', { ...valid, tools: [{ type: 'custom', name: 't' }] }, 'tools.0.input_schema', 'JSON Schema object'],
  ['body an array', [valid], null, 'JSON object'],
  ['body null', 'null', null, 'JSON object'],
  ['body not JSON', '{"model": "x",', null, 'not valid JSON'],
  ['body empty', '', null, 'empty'],
]

describe('inspectMessagesBody: invalid bodies', () => {
  it.each(invalidBodies)('refuses %s with a 400 naming the field', (_name, body, param, fragment) => {
    const error = refusal(body)
    expect(error.status).toBe(400)
    expect(error.type).toBe('invalid_request_error')
    expect(error.param).toBe(param)
    if (param !== null) expect(error.message.startsWith(param) || error.message.includes(param)).toBe(true)
    expect(error.message).toContain(fragment)
  })

  it('says how many breakpoints were found, where they are and where the limit is passed', () => {
    const { message } = refusal(fiveBreakpoints)
    expect(message).toContain('Found 5 cache_control breakpoints')
    expect(message).toContain('at most 4')
    expect(message).toContain('the limit is passed at cache_control')
    for (const path of ['tools.0.cache_control', 'system.0.cache_control', 'messages.0.content.0.cache_control', 'messages.0.content.1.content.0.cache_control']) {
      expect(message).toContain(path)
    }
    expect(message).toContain('Remove 1')
  })

  it('counts breakpoints on every block type', () => {
    const blockTypes = ['text', 'image', 'document', 'tool_use', 'tool_result', 'thinking', 'server_tool_use', 'web_search_tool_result', 'search_result']
    const content = blockTypes.map((type) => ({ type, cache_control: cc() }))
    const error = refusal({ ...valid, messages: [{ role: 'user', content }] })
    expect(error.message).toContain(`Found ${blockTypes.length} cache_control breakpoints`)
    expect(error.param).toBe('messages.0.content.4.cache_control')
  })

  it('refuses a body with a byte order mark', () => {
    const raw = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(valid))])
    expect(() => inspectMessagesBody(raw)).toThrow(/byte order mark/)
  })

  it('refuses invalid UTF-8 rather than forwarding bytes it did not validate', () => {
    const json = Buffer.from(JSON.stringify({ ...valid, messages: [{ role: 'user', content: 'XX' }] }))
    const at = json.indexOf('XX')
    json[at] = 0xc3 // a lead byte followed by an ASCII byte
    expect(() => inspectMessagesBody(json)).toThrow(/not valid UTF-8/)
  })

  it('does not alter the body it inspects', () => {
    const raw = readFixture('requests/web-search.json')
    const copy = Buffer.from(raw)
    inspectMessagesBody(raw)
    expect(raw.equals(copy)).toBe(true)
  })
})

describe('system turns inside messages', () => {
  it('accepts {"role": "system"} between turns, as Claude Code 2.1 sends it (beta mid-conversation-system-2026-04-07)', () => {
    const raw = Buffer.from(JSON.stringify({ ...valid, messages: [{ role: 'user', content: 'a' }, { role: 'system', content: 'be terse' }, { role: 'user', content: 'b' }] }))
    expect(inspectMessagesBody(raw).model).toBe(valid.model)
  })
})
