import type { ServerResponse } from 'node:http'
import type { SseSink } from '../services/chat/relay-stream'

/** Data-only SSE over a raw response, with backpressure: a full socket buffer waits for `drain`. */
export function responseSseSink(res: ServerResponse): SseSink {
  return {
    async send(data) {
      if (res.destroyed || res.writableEnded) return
      if (res.write(`data: ${data}\n\n`)) return
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done)
          res.off('close', done)
          resolve()
        }
        res.on('drain', done)
        res.on('close', done)
      })
    },
  }
}
