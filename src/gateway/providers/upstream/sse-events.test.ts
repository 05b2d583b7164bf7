import { describe, expect, it } from 'vitest'
import { sseEvents } from './sse-events'

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
