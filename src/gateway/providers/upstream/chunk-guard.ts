import type { StreamRedactor } from '../../kernel/secret-redactor'
import { formatBytes } from '../../config/units'
import type { UpstreamBody } from '../contracts/messages'
import type { UpstreamLimits } from '../contracts/provider-config'
import { UpstreamError } from './upstream-error'

export type GuardedBody = UpstreamBody & { buffer(): Promise<Buffer> }

const CR = 0x0d
const LF = 0x0a

const tooLarge = (providerId: string, what: string, limit: number, field: string) =>
  new UpstreamError({
    status: 502,
    type: 'upstream_error',
    code: 'upstream_reply_too_large',
    message: `The provider "${providerId}" sent ${what} larger than ${formatBytes(limit)}, the gateway's limit (providers[].limits.${field}); it stopped reading and closed the connection.`,
    fallbackable: true,
    upstreamStatus: null,
  })

/** A reply whose content-length is already past `max_reply`: refused before any byte is read or relayed. */
export function declaredTooLarge(providerId: string, limits: UpstreamLimits, contentLength: string | string[] | undefined): UpstreamError | null {
  const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength)
  return declared > limits.maxReplyBytes ? tooLarge(providerId, 'a reply', limits.maxReplyBytes, 'max_reply') : null
}

/**
 * Counts the bytes of the server-sent event in progress: its lines up to the blank line that ends it
 * (LF, CRLF or CR line ends, split anywhere across chunks). Only line ends are looked at, found with
 * indexOf: one search per line, and one for a CR that most streams never send.
 */
export function eventSizeCounter() {
  let eventBytes = 0
  let lineBytes = 0
  let afterCr = false
  /** Adds a chunk; returns the bytes of the event still open after it. */
  return (chunk: Uint8Array): number => {
    let at = 0
    // The next LF and CR at or after `at` (-1: none left in the chunk, so no search again).
    let lf = chunk.indexOf(LF)
    let cr = chunk.indexOf(CR)
    for (;;) {
      const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr)
      if (end === -1) break
      const bytes = end - at
      const lfOfCrlf = afterCr && bytes === 0 && lineBytes === 0 && chunk[end] === LF
      if (!lfOfCrlf) {
        if (lineBytes + bytes === 0) eventBytes = 0 // a blank line ends the event
        else eventBytes += bytes + 1
        lineBytes = 0
      }
      afterCr = chunk[end] === CR
      at = end + 1
      if (lf !== -1 && lf < at) lf = chunk.indexOf(LF, at)
      if (cr !== -1 && cr < at) cr = chunk.indexOf(CR, at)
    }
    if (at < chunk.length) {
      lineBytes += chunk.length - at
      eventBytes += chunk.length - at
      afterCr = false
    }
    return eventBytes
  }
}

export interface GuardOptions {
  providerId: string
  limits: UpstreamLimits
  eventStream: boolean
  redactor: StreamRedactor
}

/**
 * The check every chunk of every upstream body passes (upstream-call.ts): the reply is capped (a whole reply
 * that is not an event stream at `maxReplyBytes`, each server-sent event at `maxEventBytes`), and the secrets
 * the gateway holds are masked before any byte reaches a parser, a client, a log or a usage row. Past a cap it
 * throws a 502 naming the limit (and the call closes the connection), so an upstream that never ends its reply
 * (or its line) costs at most the cap in memory.
 */
export function chunkGuard({ providerId, limits, eventStream, redactor }: GuardOptions): (raw: Uint8Array) => Buffer {
  const events = eventStream ? eventSizeCounter() : null
  let total = 0
  return (raw) => {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)
    if (events) {
      if (events(chunk) > limits.maxEventBytes) throw tooLarge(providerId, 'a server-sent event', limits.maxEventBytes, 'max_event')
    } else if ((total += chunk.length) > limits.maxReplyBytes) throw tooLarge(providerId, 'a reply', limits.maxReplyBytes, 'max_reply')
    return redactor.push(chunk)
  }
}
