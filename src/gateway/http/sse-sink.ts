import type { ServerResponse } from 'node:http'
import { writeWithBackpressure } from './write-with-backpressure'

/**
 * Writes to a raw response with backpressure. Writes made in one turn of the event loop (an upstream
 * packet often carries several events) leave in one write: the response is corked until the turn's
 * I/O is done (setImmediate; a nextTick would run before the relay's next await resumes).
 */
function corkedWriter(res: ServerResponse): (text: string) => Promise<void> {
  let corked = false
  const uncork = () => {
    corked = false
    res.uncork()
  }
  return (text) => {
    if (!corked && !res.destroyed) {
      corked = true
      res.cork()
      setImmediate(uncork)
    }
    return writeWithBackpressure(res, text)
  }
}

/** Data-only SSE (chat completions, transcripts), corked per turn of the event loop. */
export function responseSseSink(res: ServerResponse): { send(data: string): Promise<void> } {
  const write = corkedWriter(res)
  return { send: (data) => write(`data: ${data}\n\n`) }
}

/**
 * Typed SSE, an `event:` line naming each event's `type` before its data (the Responses API), corked
 * alike. Events given together (those one upstream chunk makes) go in one write.
 */
export function typedSseSink(res: ServerResponse): { send(events: ReadonlyArray<{ type: string; data: string }>): Promise<void> } {
  const write = corkedWriter(res)
  return {
    send: (events) => {
      let text = ''
      for (const e of events) text += `event: ${e.type}\ndata: ${e.data}\n\n`
      return write(text)
    },
  }
}
