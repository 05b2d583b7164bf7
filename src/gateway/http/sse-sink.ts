import type { ServerResponse } from 'node:http'
import { whenDrained } from './write-with-backpressure'

/** An SSE reply: `end` sends what is still batched, then ends the response. */
export interface SseReply {
  end(): void
}

const SENT = Promise.resolve()

/**
 * Writes to a raw response in batches: the text given in one turn of the event loop (an upstream packet
 * often carries several events) is joined and leaves as one `res.write` at the turn's end (setImmediate; a
 * nextTick would run before the relay's next await resumes), so a chunked reply frames it once instead of
 * once per event. While the client's buffer is full, `write` gives a promise of its draining (nothing to wait
 * for otherwise: a caller then spends no await on it). `end` writes what waits.
 */
function batchedWriter(res: ServerResponse): { write(text: string): Promise<void> | undefined; end(): void } {
  let pending = ''
  let scheduled = false
  let drained: Promise<void> | null = null
  const flush = () => {
    scheduled = false
    const text = pending
    pending = ''
    if (!text || res.destroyed || res.writableEnded) return
    if (!res.write(text)) drained ??= whenDrained(res).then(() => void (drained = null))
  }
  return {
    write(text) {
      if (res.destroyed || res.writableEnded) return undefined
      pending += text
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
      return drained ?? undefined
    },
    end() {
      if (res.writableEnded) return
      const text = pending
      pending = ''
      if (text && !res.destroyed) res.end(text)
      else res.end()
    },
  }
}

/**
 * Data-only SSE (chat completions, transcripts), batched per turn of the event loop. `write` is `send` for a
 * caller that awaits only when there is something to wait for (the chat relay, per chunk).
 */
export function responseSseSink(res: ServerResponse): SseReply & { send(data: string): Promise<void>; write(data: string): Promise<void> | undefined } {
  const writer = batchedWriter(res)
  const write = (data: string) => writer.write(`data: ${data}\n\n`)
  return { send: (data) => write(data) ?? SENT, write, end: writer.end }
}

/**
 * Typed SSE, an `event:` line naming each event's `type` before its data (the Responses API), batched
 * alike. Events given together (those one upstream chunk makes) go in one write.
 */
export function typedSseSink(res: ServerResponse): SseReply & { send(events: ReadonlyArray<{ type: string; data: string }>): Promise<void> } {
  const writer = batchedWriter(res)
  return {
    send: (events) => {
      let text = ''
      for (const e of events) text += `event: ${e.type}\ndata: ${e.data}\n\n`
      return writer.write(text) ?? SENT
    },
    end: writer.end,
  }
}
