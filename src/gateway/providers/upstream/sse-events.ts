import { StringDecoder } from 'node:string_decoder'
import { createParser, type EventSourceMessage } from 'eventsource-parser'

const DONE: IteratorReturnResult<undefined> = { value: undefined, done: true }

/**
 * An SSE parser fed with a body's bytes (chunks may split anywhere, even inside a character). StringDecoder: a
 * chunk that ends on a whole character is one native toString (TextDecoder cost a converter call per chunk); it
 * keeps a byte-order mark, which TextDecoder dropped, so that is done here.
 */
function sseParser(onEvent: (event: EventSourceMessage) => void) {
  const parser = createParser({ onEvent })
  const decoder = new StringDecoder('utf8')
  let first = true
  const feed = (text: string) => {
    if (first && text) {
      first = false
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    parser.feed(text)
  }
  return {
    write: (chunk: Uint8Array) => feed(decoder.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))),
    end: () => feed(decoder.end()),
  }
}

const NO_EVENTS: EventSourceMessage[] = []

/**
 * Server-sent events read synchronously from a body's chunks: `read` gives every event a chunk completes,
 * `end` those the body's end completes (often none: then a shared empty array).
 */
export function sseEventReader(): { read(chunk: Uint8Array): EventSourceMessage[]; end(): EventSourceMessage[] } {
  let batch: EventSourceMessage[] = NO_EVENTS
  const parser = sseParser((e) => void (batch === NO_EVENTS ? (batch = [e]) : batch.push(e)))
  const take = () => {
    const events = batch
    batch = NO_EVENTS
    return events
  }
  return {
    read(chunk) {
      parser.write(chunk)
      return take()
    },
    end() {
      parser.end()
      return take()
    },
  }
}

/**
 * Server-sent events of an upstream body, one at a time, as they arrive. A plain iterator rather than an async
 * generator: one upstream chunk usually holds several events, and those after the first are handed out at once,
 * without a generator's resumption and awaited promise per event.
 */
export function sseEvents(body: AsyncIterable<Uint8Array>): AsyncIterableIterator<EventSourceMessage> {
  const pending: EventSourceMessage[] = []
  const parser = sseParser((e) => void pending.push(e))
  const source = body[Symbol.asyncIterator]()
  let ended = false
  /** Reads on until an event is complete or the body ends. */
  const fill = async (): Promise<IteratorResult<EventSourceMessage>> => {
    while (!pending.length) {
      if (ended) return DONE
      const read = await source.next()
      if (read.done) {
        ended = true
        parser.end()
      } else parser.write(read.value)
    }
    return { value: pending.shift()!, done: false }
  }
  const events: AsyncIterableIterator<EventSourceMessage> = {
    next: () => (pending.length ? Promise.resolve({ value: pending.shift()!, done: false }) : fill()),
    // The reader stopped early: so does the body (an upstream still sending is aborted).
    async return() {
      pending.length = 0
      if (!ended) {
        ended = true
        await source.return?.()
      }
      return DONE
    },
    [Symbol.asyncIterator]: () => events,
  }
  return events
}
