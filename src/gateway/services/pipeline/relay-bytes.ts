import type { RequestSignal } from '../../kernel/client-signal'
import type { RawUpstreamResponse } from '../../providers/contracts/messages'

/** Where the reply's bytes go: `write` waits while the client's buffer is full. */
export interface ByteSink {
  write(chunk: Buffer): Promise<void>
  end(): void
}

const MAX_JSON_KEPT = 64 * 1024 * 1024

export interface RelayedBytes {
  /** The upstream's status, 499 when the client left, 502 when the upstream broke off. */
  status: number
  error: string | null
  /** The whole body when it was not a stream (up to 64 MiB), for reading its usage; null for a stream. */
  body: Buffer | null
}

/**
 * Relays an upstream reply byte for byte (a passthrough's JSON or SSE), handing each chunk of a
 * stream to `observe` on the way past and keeping a JSON body whole to be read afterwards. A client
 * that leaves stops the relay (its signal aborts the upstream request).
 */
export async function relayBytes(res: RawUpstreamResponse, signal: RequestSignal, sink: ByteSink, observe: ((chunk: Buffer) => void) | null): Promise<RelayedBytes> {
  const kept: Buffer[] = []
  let keptBytes = 0
  let status = res.status
  let error: string | null = null
  try {
    for await (const chunk of res.body) {
      if (observe) observe(chunk)
      else if (keptBytes < MAX_JSON_KEPT) {
        kept.push(chunk)
        keptBytes += chunk.length
      }
      await sink.write(chunk)
    }
  } catch (err) {
    status = signal.aborted ? 499 : 502
    error = signal.aborted ? 'The client closed the connection before the reply ended.' : (err as Error).message
  } finally {
    if (signal.aborted && status < 400) status = 499
    sink.end()
    res.body.destroy()
  }
  return { status, error, body: observe ? null : Buffer.concat(kept) }
}
