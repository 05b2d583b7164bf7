import { describe, expect, it, vi } from 'vitest'
import type { ChatCompletionChunk, ChatCompletionRequest } from '../../../shared/chat/types'
import { keptJson } from '../../kernel/json-once'
import { choicesSpan, chunkJsonWriter, fingerprint, normalizeChunk, toOpenAiBody } from './openai-wire'

const opts = { modelName: 'our-model', fingerprint: 'fp_ours' }
const withoutUsage = ({ usage: _usage, ...rest }: ChatCompletionChunk) => rest
const choicesText = (text: string, raw: Record<string, unknown>) => {
  const span = choicesSpan(text, raw)
  return span && text.slice(...span)
}
/** The relayed text when it can be spliced, else what serializing the normalized chunk writes. */
function relayed(text: string, o: { modelName: string; fingerprint: string; requestedTier?: 'auto' | 'default' | 'flex' } = opts) {
  const raw = JSON.parse(text) as Record<string, unknown>
  const chunk = normalizeChunk(raw, o)
  const choices = choicesText(text, raw)
  return { spliced: choices === null ? null : chunkJsonWriter()(chunk, choices), serialized: JSON.stringify(withoutUsage(chunk)) }
}

const choices = [{ index: 0, delta: { content: 'He said "hi" \u00e9 \\ }]' }, finish_reason: null, logprobs: null }]

describe('a streamed chunk relayed from its upstream text', () => {
  it.each([
    ['a minimal upstream (id, object, created, model, choices)', { id: 'c1', object: 'chat.completion.chunk', created: 1790000000, model: 'up', choices }],
    ["OpenAI's layout (service_tier and system_fingerprint before choices, obfuscation after)", { id: 'c2', object: 'chat.completion.chunk', created: 1, model: 'up', service_tier: 'default', system_fingerprint: 'fp_up', choices, obfuscation: 'x9' }],
    ["Ollama's layout (system_fingerprint before choices)", { id: 'c3', object: 'chat.completion.chunk', created: 2, model: 'up', system_fingerprint: 'fp_ollama', choices }],
    ['choices first, usage null last', { choices, id: 'c4', created: 3, model: 'up', usage: null }],
    ['a numeric id and no created', { id: 7, model: 'up', choices: [] }],
  ])('writes what serializing the normalized chunk writes: %s', (_name, chunk) => {
    const { spliced, serialized } = relayed(JSON.stringify(chunk))
    expect(spliced).toBe(serialized)
  })

  it.each([
    ['a number written otherwise than JSON.stringify writes it', '{"id":"c","created":1.0,"model":"up","choices":[{"index":0,"delta":{}}]}'],
    ['an escape JSON.stringify does not write', '{"id":"\\u0063","model":"\\/up","choices":[]}'],
  ])('writes the members around the choices from their values: %s', (_name, text) => {
    const { spliced, serialized } = relayed(text)
    expect(spliced).toBe(serialized)
  })

  it('writes each chunk of a stream with its own members when they change', () => {
    const write = chunkJsonWriter()
    for (const text of [
      JSON.stringify({ id: 'a', created: 1, model: 'up', choices }),
      JSON.stringify({ id: 'a', created: 1, model: 'up', choices: [] }),
      JSON.stringify({ id: 'b', created: 2, model: 'up', system_fingerprint: 'fp_2', choices }),
    ]) {
      const raw = JSON.parse(text) as Record<string, unknown>
      const chunk = normalizeChunk(raw, opts)
      expect(write(chunk, choicesText(text, raw)!)).toBe(JSON.stringify(withoutUsage(chunk)))
    }
  })

  it('writes the reported service_tier as normalizing does when the request set one', () => {
    const { spliced, serialized } = relayed(JSON.stringify({ id: 'c5', object: 'chat.completion.chunk', created: 1, model: 'up', choices, service_tier: 'auto' }), { ...opts, requestedTier: 'auto' })
    expect(spliced).toBe(serialized)
    expect(JSON.parse(spliced!)).toMatchObject({ service_tier: 'default', model: 'our-model' })
  })

  it.each([
    ['whitespace between members', '{"id": "c", "model": "up", "choices": []}'],
    ['a member holding an object', '{"id":"c","model":"up","choices":[],"usage":{"prompt_tokens":1}}'],
    ['no choices array', '{"id":"c","model":"up","choices":{}}'],
    ['a nested "choices" before the array', '{"choices": [{"delta":{"choices":[1]}}]}'],
    ['"choices" twice (the parse keeps the last)', '{"id":"c","choices":[1],"choices":[2]}'],
    ['a member after the array that is not the next one parsed', '{"id":"c","choices":[1],"7":3,"obfuscation":"x"}'],
  ])('is serialized as usual when the text does not allow it: %s', (_name, text) => {
    const raw = JSON.parse(text) as Record<string, unknown>
    expect(choicesText(text, raw)).toBeNull()
  })
})

describe('fingerprint', () => {
  it('is the same for a provider and upstream model on every call, and what earlier versions gave clients', () => {
    expect(fingerprint('up', 'bench-upstream')).toBe('fp_d57dcebc6f')
    expect(fingerprint('up', 'bench-upstream')).toBe('fp_d57dcebc6f')
    expect(fingerprint('up', 'other')).not.toBe('fp_d57dcebc6f')
    expect(fingerprint('up2', 'bench-upstream')).not.toBe('fp_d57dcebc6f')
  })

  it('stays right past the bound on how many it keeps', () => {
    for (let i = 0; i < 2500; i++) fingerprint(`p${i % 7}`, `m${i}`)
    expect(fingerprint('up', 'bench-upstream')).toBe('fp_d57dcebc6f')
  })
})

describe('toOpenAiBody', () => {
  const req: ChatCompletionRequest = {
    model: 'our-model',
    messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'What is "2 + 2"?\n' }],
    tools: [{ type: 'function', function: { name: 'add', parameters: { type: 'object', properties: { a: { type: 'number' } } } } }],
    temperature: 0.5,
    store: true,
    metadata: { team: 'a' },
    deprecated: [],
  }

  it("sends the client's fields under the upstream's model name, without the gateway's own, and a stream asks for usage", () => {
    const { model: _model, store: _store, metadata: _metadata, deprecated: _deprecated, ...sent } = req
    expect(JSON.parse(toOpenAiBody(req, 'upstream-model', false))).toEqual({ ...sent, model: 'upstream-model' })
    expect(JSON.parse(toOpenAiBody(req, 'upstream-model', true))).toEqual({ ...sent, model: 'upstream-model', stream: true, stream_options: { include_usage: true } })
    const { tools: _tools, ...withoutTools } = sent
    expect(JSON.parse(toOpenAiBody({ ...req, tools: undefined }, 'upstream-model', false))).toEqual({ ...withoutTools, model: 'upstream-model' })
  })

  it('sends the messages and tools as the text the credit hold made of them, and serializes them itself on a second attempt', () => {
    keptJson(req.messages)
    keptJson(req.tools!)
    const stringify = vi.spyOn(JSON, 'stringify')
    const serialized = () => stringify.mock.calls.splice(0).map(([value]) => (Array.isArray(value) ? 'array' : Object.keys(value as object)))
    try {
      const first = toOpenAiBody(req, 'upstream-model', false)
      expect(serialized()).toEqual([['model', 'temperature']])
      expect(toOpenAiBody(req, 'upstream-model', false)).toBe(first)
      expect(serialized()).toEqual(['array', ['model', 'temperature'], 'array'])
    } finally {
      stringify.mockRestore()
    }
  })
})
