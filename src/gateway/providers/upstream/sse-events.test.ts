import { describe, expect, it } from 'vitest'
import { sseEventReader, sseEvents } from './sse-events'

/** A body that yields `parts` and records whether its reader stopped early. */
function body(parts: Buffer[]) {
  const seen = { returned: false }
  const iterable = {
    async *[Symbol.asyncIterator]() {
      try {
        for (const p of parts) yield p
      } finally {
        seen.returned = true
      }
    },
  }
  return { iterable, seen }
}

const cut = (text: string, at: number[]) => {
  const bytes = Buffer.from(text)
  return [0, ...at].map((from, i) => bytes.subarray(from, at[i] ?? bytes.length))
}

describe('sseEvents', () => {
  it('gives every event once, whatever the chunks, a character split between two of them included', async () => {
    const text = 'data: {"a":"é€"}\n\ndata: two\n\n: comment\n\ndata: [DONE]\n\n'
    const euro = Buffer.from(text).indexOf(Buffer.from('€'))
    for (const at of [[], [euro + 1], [euro + 2, euro + 9], [3, 30]]) {
      const got: string[] = []
      for await (const e of sseEvents(body(cut(text, at)).iterable)) got.push(e.data)
      expect(got).toEqual(['{"a":"é€"}', 'two', '[DONE]'])
    }
  })

  it('drops a byte-order mark at the start of the stream, also when it is split', async () => {
    const text = '\uFEFFdata: first\n\n'
    for (const at of [[], [1], [2]]) {
      const got: string[] = []
      for await (const e of sseEvents(body(cut(text, at)).iterable)) got.push(e.data)
      expect(got).toEqual(['first'])
    }
  })

  it('a reader that stops early stops the body too', async () => {
    const { iterable, seen } = body(cut('data: one\n\ndata: two\n\n', [11]))
    for await (const e of sseEvents(iterable)) {
      expect(e.data).toBe('one')
      break
    }
    expect(seen.returned).toBe(true)
  })
})

async function* chunksOf(...parts: Array<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield typeof p === 'string' ? new TextEncoder().encode(p) : p
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const x of it) out.push(x)
  return out
}

describe('sseEventReader', () => {
  it('hands over every event a body chunk completes at once, and none for a chunk that completes none', () => {
    const reader = sseEventReader()
    const batches = ['data: {"a":1}\n\ndata: {"a":2}\n\nda', 'ta: {"a', '":3}\n\ndata: [DONE]\n\n'].map((p) => reader.read(Buffer.from(p)))
    expect(batches.map((b) => b.map((e) => e.data))).toEqual([['{"a":1}', '{"a":2}'], [], ['{"a":3}', '[DONE]']])
    expect(reader.end()).toEqual([])
  })

  it('joins an event split anywhere, inside a character too', async () => {
    const bytes = new TextEncoder().encode('data: {"t":"café"}\n\ndata: last')
    const split = bytes.indexOf(0xa9) // the second byte of é
    const events = await collect(sseEvents(chunksOf(bytes.subarray(0, split), bytes.subarray(split), '\n\n')))
    expect(events.map((e) => e.data)).toEqual(['{"t":"café"}', 'last'])
  })

  it('drops a byte-order mark at the start, and an event the body ends before its blank line (as EventSource does)', () => {
    const reader = sseEventReader()
    expect(reader.read(Buffer.from('\uFEFFdata: first\n\ndata: cut')).map((e) => e.data)).toEqual(['first'])
    expect(reader.end()).toEqual([])
  })
})
