import { describe, expect, it } from 'vitest'
import { sseEventBatches, sseEvents } from './sse-events'

async function* chunksOf(...parts: Array<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield typeof p === 'string' ? new TextEncoder().encode(p) : p
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const x of it) out.push(x)
  return out
}

describe('sseEventBatches', () => {
  it('hands over every event a body chunk completes at once, and none for a chunk that completes none', async () => {
    const batches = await collect(sseEventBatches(chunksOf('data: {"a":1}\n\ndata: {"a":2}\n\nda', 'ta: {"a', '":3}\n\ndata: [DONE]\n\n')))
    expect(batches.map((b) => b.map((e) => e.data))).toEqual([['{"a":1}', '{"a":2}'], ['{"a":3}', '[DONE]']])
  })

  it('joins an event split anywhere, inside a character too', async () => {
    const bytes = new TextEncoder().encode('data: {"t":"café"}\n\ndata: last')
    const split = bytes.indexOf(0xa9) // the second byte of é
    const events = await collect(sseEvents(chunksOf(bytes.subarray(0, split), bytes.subarray(split), '\n\n')))
    expect(events.map((e) => e.data)).toEqual(['{"t":"café"}', 'last'])
  })
})
