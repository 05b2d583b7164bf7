import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChatCompletionChunk } from '../../../shared/chat/types'
import type { ChunkBatch } from '../contracts/chat'
import { eventJson } from '../upstream/sse-stream'
import { openAiChunkReader } from './openai-chunk-reader'
import { normalizeChunk } from './openai-wire'

const shape = { modelName: 'our-model', fingerprint: 'fp_ours' }
const withoutUsage = ({ usage: _usage, ...rest }: ChatCompletionChunk) => rest
const delta = (content: string) => [{ index: 0, delta: { content }, logprobs: null, finish_reason: null }]
const tricky = 'He said "hi" \u00e9 \\ }],"usage":{"x":1}'

/** The events read by one reader, beside what parsing each whole and normalizing it makes. */
function readAll(texts: string[], o: Parameters<typeof normalizeChunk>[1] = shape) {
  const read = openAiChunkReader('up', o)
  const batch: ChunkBatch = { chunks: [], json: [] }
  for (const data of texts) read({ data, event: undefined, id: undefined }, batch)
  const whole = texts.map((data) => normalizeChunk(eventJson('up', { data, event: undefined, id: undefined }), o))
  return { batch, whole }
}

afterEach(() => vi.restoreAllMocks())

describe('reading a stream chunk by chunk', () => {
  const openAi = (content: string, obfuscation: string) =>
    JSON.stringify({ id: 'c2', object: 'chat.completion.chunk', created: 1, model: 'up', service_tier: 'default', system_fingerprint: 'fp_up', choices: delta(content), usage: null, obfuscation })
  it.each([
    ['a minimal upstream', ['a', 'b', tricky].map((c) => JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1790000000, model: 'up', choices: delta(c) }))],
    ["OpenAI's layout (obfuscation different in every event)", [openAi('a', 'x1'), openAi('b', 'y22'), openAi(tricky, '],"id":"zz"'), openAi('d', 'x1')]],
    ['choices first, members after them', ['a', 'b'].map((c) => JSON.stringify({ choices: delta(c), id: 'c4', created: 3, model: 'up', system_fingerprint: 'fp_x' }))],
    [
      'members that change along the stream (id, fingerprint, usage, a member after the array that matters)',
      [
        JSON.stringify({ id: 'a', created: 1, model: 'up', choices: delta('1'), obfuscation: 'q' }),
        JSON.stringify({ id: 'b', created: 1, model: 'up', choices: delta('2'), obfuscation: 'q' }),
        JSON.stringify({ id: 'b', created: 1, model: 'up', choices: delta('3'), obfuscation: 'r', system_fingerprint: 'fp_late' }),
        JSON.stringify({ id: 'b', created: 1, model: 'up', choices: delta('4'), obfuscation: 'r', id2: 1 }),
        JSON.stringify({ id: 'b', created: 1, model: 'up', choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } }),
        JSON.stringify({ id: 'b', created: 1, model: 'up', choices: delta('5'), obfuscation: 's', usage: { prompt_tokens: 1 } }),
      ],
    ],
    ['whitespace and duplicate members', ['{"id": "c", "created": 1, "choices": [1]}', '{"id":"c","created":1,"choices":[{"index":0}],"obfuscation":"q","id":"d"}', '{"id":"c","created":1,"choices":[{"index":1}],"obfuscation":"r"}']],
    ['no created (each event its own time)', ['a', 'b'].map((c) => JSON.stringify({ id: 'c5', model: 'up', choices: delta(c) }))],
  ])('makes what parsing each event whole makes: %s', (_name, texts) => {
    const { batch, whole } = readAll(texts)
    expect(batch.chunks).toEqual(whole)
    batch.json.forEach((json, i) => {
      if (json !== undefined) expect(json).toBe(JSON.stringify(withoutUsage(whole[i]!)))
    })
  })

  it('writes the reported service_tier as normalizing does when the request set one', () => {
    const texts = ['a', 'b'].map((c) => JSON.stringify({ id: 'c', created: 1, model: 'up', service_tier: 'auto', choices: delta(c) }))
    const { batch, whole } = readAll(texts, { ...shape, requestedTier: 'auto' })
    expect(batch.chunks).toEqual(whole)
    expect(JSON.parse(batch.json[1]!)).toMatchObject({ service_tier: 'default', model: 'our-model' })
  })

  it('parses only the choices (and what follows them) of events whose members around them stay the same', () => {
    const texts = [openAi('a', 'x1'), openAi('b', 'x2'), openAi('c', 'x3')]
    const parse = vi.spyOn(JSON, 'parse')
    readAll(texts).batch.chunks.forEach((c, i) => expect(c.choices).toEqual(delta('abc'[i]!)))
    const parsedWhole = parse.mock.calls.map(([text]) => text).filter((text) => texts.includes(text))
    // The first event by the reader, then each once more by the comparison in readAll.
    expect(parsedWhole).toEqual([texts[0], ...texts])
  })

  it.each([
    ['choices that are not JSON', '{"id":"c","created":1,"choices":[{"index":0,tru}]}', 'upstream_protocol_error'],
    ['choices cut short', '{"id":"c","created":1,"choices":[{"index":0}}', 'upstream_protocol_error'],
    ['an error in the members after the array', '{"id":"c","created":1,"choices":[],"error":{"message":"overloaded"}}', 'upstream_stream_error'],
  ])('throws what a whole parse throws on an event after known ones: %s', (_name, bad, code) => {
    const read = openAiChunkReader('up', shape)
    const batch: ChunkBatch = { chunks: [], json: [] }
    read({ data: JSON.stringify({ id: 'c', created: 1, choices: delta('ok') }), event: undefined, id: undefined }, batch)
    expect(() => read({ data: bad, event: undefined, id: undefined }, batch)).toThrow(expect.objectContaining({ code }))
    expect(batch.chunks).toHaveLength(1)
  })
})
