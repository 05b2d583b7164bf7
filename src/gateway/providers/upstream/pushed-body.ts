import type { GuardedBody } from './chunk-guard'

/** What a stream's reader lets wait before the upstream is paused (undici's own body streams hold as much). */
const HIGH_WATER_BYTES = 64 * 1024

type Waiter<T> = { resolve(value: T): void; reject(err: Error): void }

/** Where a PushedBody's bytes come from: an upstream call that can pause, go on, or be dropped. */
export interface BodySource {
  resume(): void
  cancel(): void
}

/**
 * An upstream reply body fed by undici's dispatch handler as its chunks arrive (already guarded: capped and
 * masked), read once by its consumer: whole (`buffer`, `text`, `json`) or chunk by chunk (async iteration,
 * pausing the upstream while more than HIGH_WATER_BYTES wait). No stream object, no promise per chunk that
 * is already there: a proxied completion's body is usually one chunk that arrived with the headers.
 * Chunks that arrived before a failure are still read first; then the failure is thrown.
 */
export class PushedBody implements GuardedBody, AsyncIterator<Buffer> {
  private readonly queue: Buffer[] = []
  private queued = 0
  private paused = false
  private ended = false
  private error: Error | null = null
  private waiting: Waiter<IteratorResult<Buffer>> | null = null
  private whole: Waiter<Buffer> | null = null
  source: BodySource | null = null

  /** A guarded chunk arrived; false asks the upstream to pause. */
  push(chunk: Buffer): boolean {
    if (!chunk.length) return true
    const waiting = this.takeWaiting()
    if (waiting) {
      waiting.resolve({ value: chunk, done: false })
      return true
    }
    this.queue.push(chunk)
    this.queued += chunk.length
    if (this.whole || this.queued < HIGH_WATER_BYTES) return true
    this.paused = true
    return false
  }

  /** The body is complete; `tail` is what the guard held back to the end. */
  end(tail: Buffer): void {
    if (this.ended || this.error) return
    if (tail.length) this.push(tail)
    this.ended = true
    this.takeWaiting()?.resolve({ value: undefined, done: true })
    this.takeWhole()?.resolve(this.takeAll())
  }

  fail(err: Error): void {
    if (this.ended || this.error) return
    this.error = err
    this.takeWaiting()?.reject(err)
    this.takeWhole()?.reject(err)
  }

  next(): Promise<IteratorResult<Buffer>> {
    const chunk = this.queue.shift()
    if (chunk) {
      this.queued -= chunk.length
      if (this.paused && this.queued < HIGH_WATER_BYTES) this.goOn()
      return Promise.resolve({ value: chunk, done: false })
    }
    if (this.error) return Promise.reject(this.error)
    if (this.ended) return Promise.resolve({ value: undefined, done: true })
    this.goOn()
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }))
  }

  /** The reader stopped early (a `break` out of for await): the rest is not wanted. */
  return(): Promise<IteratorResult<Buffer>> {
    this.destroy()
    return Promise.resolve({ value: undefined, done: true })
  }

  [Symbol.asyncIterator](): this {
    return this
  }

  buffer(): Promise<Buffer> {
    if (this.error) return Promise.reject(this.error)
    if (this.ended) return Promise.resolve(this.takeAll())
    this.goOn()
    return new Promise((resolve, reject) => (this.whole = { resolve, reject }))
  }

  async text(): Promise<string> {
    return (await this.buffer()).toString('utf8')
  }

  async json(): Promise<unknown> {
    return JSON.parse((await this.buffer()).toString('utf8')) as unknown
  }

  /** Drops the body: an upstream still sending is aborted (and its connection closed). */
  destroy(): void {
    if (!this.ended && !this.error) this.source?.cancel()
  }

  private goOn(): void {
    if (!this.paused) return
    this.paused = false
    this.source?.resume()
  }

  /** The reader waiting for the next chunk, if any, no longer waiting once taken. */
  private takeWaiting(): Waiter<IteratorResult<Buffer>> | null {
    const waiting = this.waiting
    this.waiting = null
    return waiting
  }

  /** The reader waiting for the whole body, if any, no longer waiting once taken. */
  private takeWhole(): Waiter<Buffer> | null {
    const whole = this.whole
    this.whole = null
    return whole
  }

  private takeAll(): Buffer {
    const parts = this.queue.splice(0)
    this.queued = 0
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts)
  }
}
