import type { ServerResponse } from 'node:http'
import type { SseSink } from '../services/chat/relay-stream'
import { writeWithBackpressure } from './write-with-backpressure'

/** Data-only SSE over a raw response, with backpressure. */
export function responseSseSink(res: ServerResponse): SseSink {
  return { send: (data) => writeWithBackpressure(res, `data: ${data}\n\n`) }
}
