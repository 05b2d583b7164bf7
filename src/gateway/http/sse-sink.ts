import type { ServerResponse } from 'node:http'
import { writeWithBackpressure } from './write-with-backpressure'

/**
 * Data-only SSE over a raw response, with backpressure. Events sent in one turn of the event loop
 * (an upstream packet often carries several) leave in one write: the response is corked until the
 * turn's I/O is done (setImmediate; a nextTick would run before the relay's next await resumes).
 */
export function responseSseSink(res: ServerResponse): { send(data: string): Promise<void> } {
  let corked = false
  const uncork = () => {
    corked = false
    res.uncork()
  }
  return {
    send(data) {
      if (!corked && !res.destroyed) {
        corked = true
        res.cork()
        setImmediate(uncork)
      }
      return writeWithBackpressure(res, `data: ${data}\n\n`)
    },
  }
}
