import type { Dispatcher } from 'undici'
import type { StreamRedactor } from '../../kernel/secret-redactor'
import type { RequestSignal } from '../../kernel/client-signal'
import { chunkGuard, declaredTooLarge } from './chunk-guard'
import { PushedBody, type BodySource } from './pushed-body'
import { isEventStream } from './sse-stream'
import { parseReplyHeaders, type UpstreamConnection } from './upstream-connection'
import { UpstreamError, upstreamConnectionError } from './upstream-error'

export type ReplyHeaders = Record<string, string | string[] | undefined>

/** An upstream reply at its first byte: status, headers as undici parses them, and the guarded body to come. */
export interface UpstreamReply {
  status: number
  headers: ReplyHeaders
  body: PushedBody
}

const deadlinePassed = (call: UpstreamCall) => call.timeOut()
const firstBytePassed = (call: UpstreamCall) => call.noFirstByte()

/**
 * One request to an upstream, as undici's dispatch handler: it resolves at the status line and headers, feeds
 * the body to a PushedBody, and aborts on the client's signal, when no reply has started after `firstByteMs`, or
 * when `totalMs` have passed. The first-byte deadline is a timer of its own: undici's `headersTimeout` (kept as a
 * backstop) runs on its coarse timers, which tick every half second, so 300 ms there fired after a full second
 * and a fallback came that much later. It does what
 * `pool.request({signal: AbortSignal.any([client, timeout])})` did without what that costs per call (an
 * AsyncResource, a Readable for the body, a second AbortController with its listener).
 */
class UpstreamCall implements Dispatcher.DispatchHandler, BodySource {
  private abortUpstream: ((err: Error) => void) | null = null
  private resumeUpstream: (() => void) | null = null
  private readonly timer: NodeJS.Timeout
  private firstByteTimer: NodeJS.Timeout | null = null
  private timedOut = false
  private finished = false
  private failure: Error | null = null
  private body: PushedBody | null = null
  private guard: ((raw: Uint8Array) => Buffer) | null = null
  private redactor: StreamRedactor | null = null

  constructor(
    private readonly conn: UpstreamConnection,
    private readonly signal: RequestSignal,
    private readonly resolve: (reply: UpstreamReply) => void,
    private readonly reject: (err: unknown) => void,
  ) {
    const { firstByteMs, totalMs } = conn.timeouts
    this.timer = setTimeout(deadlinePassed, totalMs, this)
    this.timer.unref()
    if (firstByteMs < totalMs) {
      this.firstByteTimer = setTimeout(firstBytePassed, firstByteMs, this)
      this.firstByteTimer.unref()
    }
    signal.addEventListener('abort', this, { once: true })
  }

  onConnect(abort: (err?: Error) => void): void {
    this.abortUpstream = abort
    // Failed while it waited for a connection: it goes no further.
    if (this.finished) abort(this.failure ?? new Error('The upstream call was over before it was sent.'))
  }

  onHeaders(status: number, rawHeaders: Buffer[], resume: () => void): boolean {
    if (status < 200) return true
    this.clearFirstByteTimer()
    const headers = parseReplyHeaders(rawHeaders)
    const eventStream = isEventStream({ headers })
    const tooLarge = eventStream ? null : declaredTooLarge(this.conn.providerId, this.conn.limits, headers['content-length'])
    if (tooLarge) {
      this.fail(tooLarge)
      return false
    }
    this.resumeUpstream = resume
    this.redactor = this.conn.redactor.stream()
    this.guard = chunkGuard({ providerId: this.conn.providerId, limits: this.conn.limits, eventStream, redactor: this.redactor })
    this.body = new PushedBody()
    this.body.source = this
    this.resolve({ status, headers, body: this.body })
    return true
  }

  onData(chunk: Buffer): boolean {
    if (this.finished) return false
    let guarded: Buffer
    try {
      guarded = this.guard!(chunk)
    } catch (err) {
      this.fail(err as Error)
      return false
    }
    return this.body!.push(guarded)
  }

  onComplete(): void {
    if (this.finished) return
    this.settle()
    // A secret's possible start held back at the end of the last chunk.
    if (this.body) this.body.end(this.redactor!.end())
  }

  onError(err: Error): void {
    if (this.finished) return
    this.settle()
    this.report(err)
  }

  /** The client's signal aborted (EventTarget listener object: no closure per call). */
  handleEvent(): void {
    this.fail(this.signal.reason as Error)
  }

  timeOut(): void {
    if (this.finished) return
    this.timedOut = true
    this.fail(new DOMException('The upstream call took longer than its total timeout.', 'TimeoutError'))
  }

  noFirstByte(): void {
    this.firstByteTimer = null
    if (this.finished) return
    const ms = this.conn.timeouts.firstByteMs
    this.fail(Object.assign(new Error(`No reply started within ${ms} ms.`), { code: 'UND_ERR_HEADERS_TIMEOUT' }))
  }

  private clearFirstByteTimer(): void {
    if (!this.firstByteTimer) return
    clearTimeout(this.firstByteTimer)
    this.firstByteTimer = null
  }

  resume(): void {
    this.resumeUpstream?.()
  }

  cancel(): void {
    this.fail(Object.assign(new Error('Request aborted'), { name: 'AbortError', code: 'UND_ERR_ABORTED' }))
  }

  private fail(err: Error): void {
    if (this.finished) return
    this.failure = err
    this.settle()
    this.report(err)
    this.abortUpstream?.(err)
  }

  private settle(): void {
    this.finished = true
    clearTimeout(this.timer)
    this.clearFirstByteTimer()
    this.signal.removeEventListener('abort', this)
  }

  /** Before the headers the call rejects (a connection error that says whether another model may help); after, the body fails. */
  private report(err: Error): void {
    if (this.body) return this.body.fail(err)
    if (this.signal.aborted || err instanceof UpstreamError) return this.reject(err)
    this.reject(upstreamConnectionError(this.conn.providerId, this.timedOut ? Object.assign(new Error('total timeout'), { code: 'UND_ERR_TOTAL_TIMEOUT' }) : err))
  }
}

/**
 * Sends a request over the provider's pool (by path: no URL to parse and no origin to look up per request)
 * and resolves at the reply's first byte, whatever its status; see UpstreamCall.
 */
export function callUpstream(conn: UpstreamConnection, opts: Dispatcher.DispatchOptions, signal: RequestSignal): Promise<UpstreamReply> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise((resolve, reject) => void conn.dispatcher.dispatch(opts, new UpstreamCall(conn, signal, resolve, reject)))
}
