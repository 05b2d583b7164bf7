import { createParser, type EventSourceMessage } from 'eventsource-parser'

/** Server-sent events of an upstream body, as they arrive (chunks may split anywhere, even inside a character). */
export async function* sseEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  const pending: EventSourceMessage[] = []
  const parser = createParser({ onEvent: (e) => void pending.push(e) })
  const decoder = new TextDecoder()
  for await (const chunk of body) {
    parser.feed(decoder.decode(chunk, { stream: true }))
    while (pending.length) yield pending.shift()!
  }
  parser.feed(decoder.decode())
  while (pending.length) yield pending.shift()!
}
