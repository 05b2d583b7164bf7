import type { EventSourceMessage } from 'eventsource-parser'
import { isPlainObject } from '../../../shared/chat/schema-helpers'
import type { RawUpstreamResponse } from '../contracts/messages'
import { upstreamProtocolError } from './upstream-error'

export const isEventStream = (res: Pick<RawUpstreamResponse, 'headers'>) => String(res.headers['content-type'] ?? '').toLowerCase().startsWith('text/event-stream')

/** A stream request's answer must be server-sent events: anything else (an HTML page, a JSON body) is a protocol error, read briefly for its message. */
export async function requireEventStream(providerId: string, res: RawUpstreamResponse): Promise<void> {
  if (isEventStream(res)) return
  const type = res.headers['content-type'] ?? 'no content type'
  const text = await res.body.text().catch(() => '')
  throw upstreamProtocolError(providerId, `a stream was asked for, but it answered ${res.status} with ${String(type)}, not server-sent events${text ? ` (${JSON.stringify(text.slice(0, 120))})` : ''}.`)
}

/** An event's data as JSON; data that is not JSON is a protocol error, not a connection failure. */
export function eventJson(providerId: string, event: EventSourceMessage): Record<string, unknown> {
  try {
    const value = JSON.parse(event.data) as unknown
    if (isPlainObject(value)) return value
  } catch {
    // reported below
  }
  throw upstreamProtocolError(providerId, `an event of its stream is not a JSON object (${JSON.stringify(event.data.slice(0, 120))}).`)
}

/**
 * Waits for a stream's first item before handing it on, so that a stream that breaks before its first
 * event (or holds none) fails while another model may still serve, before any byte reaches the client.
 * A plain iterator, not a generator around the source: a stream's every chunk passes through it.
 */
export async function afterFirstItem<T>(source: Required<AsyncIterator<T>>): Promise<AsyncGenerator<T>> {
  let first: IteratorResult<T> | null = await source.next()
  const iterator = {
    next(): Promise<IteratorResult<T>> {
      if (first === null) return source.next()
      const item = first
      first = null
      return Promise.resolve(item)
    },
    return(value?: unknown): Promise<IteratorResult<T>> {
      first = null
      return source.return(value as never)
    },
    throw(err?: unknown): Promise<IteratorResult<T>> {
      first = null
      return source.throw(err)
    },
    [Symbol.asyncIterator]() {
      return iterator
    },
    [Symbol.asyncDispose]: () => source.return(undefined as never).then(() => undefined),
  }
  return iterator as AsyncGenerator<T>
}

/**
 * The items of a stream of batches one at a time, for a reader that takes them so: those after a batch's first
 * are handed out at once, without a generator's resumption per item. A reader that stops early stops the batches.
 */
export function oneByOne<B, T>(batches: AsyncIterator<B>, itemsOf: (batch: B) => readonly T[]): AsyncIterableIterator<T> {
  let items: readonly T[] = []
  let at = 0
  const fill = async (): Promise<IteratorResult<T>> => {
    while (at === items.length) {
      const read = await batches.next()
      if (read.done) return { value: undefined, done: true }
      items = itemsOf(read.value)
      at = 0
    }
    return { value: items[at++]!, done: false }
  }
  const iterator: AsyncIterableIterator<T> = {
    next: () => (at < items.length ? Promise.resolve({ value: items[at++]!, done: false }) : fill()),
    async return() {
      items = []
      at = 0
      await batches.return?.()
      return { value: undefined, done: true }
    },
    [Symbol.asyncIterator]: () => iterator,
  }
  return iterator
}
