import type { ServerResponse } from 'node:http'

/** Resolves once a client's full socket buffer has drained, or the client has left. */
export function whenDrained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

/** Writes to a client; when its socket buffer is full, waits for `drain` (or for the client to leave). */
export async function writeWithBackpressure(res: ServerResponse, chunk: string | Uint8Array): Promise<void> {
  if (res.destroyed || res.writableEnded) return
  if (res.write(chunk)) return
  await whenDrained(res)
}
