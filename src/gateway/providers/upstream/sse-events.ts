import { StringDecoder } from 'node:string_decoder'
import { createParser, type EventSourceMessage } from 'eventsource-parser'

const DONE: IteratorReturnResult<undefined> = { value: undefined, done: true }

/**
 * Server-sent events of an upstream body, as they arrive (chunks may split anywhere, even inside a character).
 * A plain iterator rather than an async generator: one upstream chunk usually holds several events, and those
 * after the first are handed out at once, without a generator's resumption and awaited promise per event.
 */
export function sseEvents(body: AsyncIterable<Uint8Array>): AsyncIterableIterator<EventSourceMessage> {
  const pending: EventSourceMessage[] = []
  const parser = createParser({ onEvent: (e) => void pending.push(e) })
  // StringDecoder: a chunk that ends on a whole character is one native toString (TextDecoder cost a converter
  // call per chunk); it keeps a byte-order mark, which TextDecoder dropped, so that is done here.
  const decoder = new StringDecoder('utf8')
  const source = body[Symbol.asyncIterator]()
  let ended = false
  let first = true
  const feed = (text: string) => {
    if (first && text) {
      first = false
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    parser.feed(text)
  }
  /** Reads on until an event is complete or the body ends. */
  const fill = async (): Promise<IteratorResult<EventSourceMessage>> => {
    while (!pending.length) {
      if (ended) return DONE
      const read = await source.next()
      if (read.done) {
        ended = true
        feed(decoder.end())
      } else feed(decoder.write(Buffer.isBuffer(read.value) ? read.value : Buffer.from(read.value.buffer, read.value.byteOffset, read.value.byteLength)))
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
