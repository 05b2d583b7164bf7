import { createParser, type EventSourceMessage } from 'eventsource-parser'

const STREAMING = { stream: true }

/**
 * Server-sent events of an upstream body, a batch per body chunk: every event the chunk completes, at
 * once (chunks may split anywhere, even inside a character; a chunk that completes none gives no batch).
 * A stream's events mostly arrive several to a chunk: a batch costs one turn of the async iteration
 * where an event each cost one per event.
 */
export async function* sseEventBatches(body: AsyncIterable<Uint8Array>): AsyncGenerator<EventSourceMessage[]> {
  let batch: EventSourceMessage[] = []
  const parser = createParser({ onEvent: (e) => void batch.push(e) })
  const decoder = new TextDecoder()
  for await (const chunk of body) {
    parser.feed(decoder.decode(chunk, STREAMING))
    if (!batch.length) continue
    const events = batch
    batch = []
    yield events
  }
  parser.feed(decoder.decode())
  if (batch.length) yield batch
}

/** Server-sent events of an upstream body, one at a time, as they arrive. */
export async function* sseEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  for await (const events of sseEventBatches(body)) yield* events
}
