type AbortListener = ((event: Event) => void) | { handleEvent(event: Event): void }

/**
 * "This request was abandoned", as the pipeline, the providers and the upstream call see it: a ClientSignal on
 * the HTTP path, a real AbortSignal elsewhere (a batch line, a watched folder). Both have `aborted`, `reason`,
 * `throwIfAborted` and 'abort' listeners; code that hands it to a Node API takes `abortSignalOf(signal)`.
 */
export type RequestSignal = AbortSignal | ClientSignal

/**
 * An AbortController and its signal in one small object, that makes a real AbortController only when some code
 * asks for a real AbortSignal (`asAbortSignal`). Every HTTP request gets one, and a proxied chat completion never
 * asks: in Node 20 an AbortController with its signal (an EventTarget: a map of listeners, a listener node per
 * addEventListener) cost ~4 % of the CPU of a proxied completion, and survived young collections.
 * Its listeners are called once, in the order they were added, like an AbortSignal's with `{ once: true }`.
 */
export class ClientSignal {
  aborted = false
  reason: unknown = undefined
  /** The first listener, and any more: one (the upstream call) is the common case. */
  private listener: AbortListener | null = null
  private more: AbortListener[] | null = null
  private real: AbortController | null = null

  abort(reason: unknown = new DOMException('This operation was aborted', 'AbortError')): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    // The real signal first, so a listener of either kind sees both aborted.
    this.real?.abort(reason)
    const first = this.listener
    if (!first) return
    const listeners = this.more ? [first, ...this.more] : [first]
    this.listener = null
    this.more = null
    const event = new Event('abort')
    for (const listener of listeners) {
      try {
        if (typeof listener === 'function') listener.call(this, event)
        else listener.handleEvent(event)
      } catch (err) {
        // As an EventTarget does: the other listeners still run, and the error is the process's uncaught one.
        queueMicrotask(() => {
          throw err
        })
      }
    }
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason
  }

  addEventListener(_type: 'abort', listener: AbortListener, _options?: { once?: boolean }): void {
    if (this.aborted || listener === this.listener || this.more?.includes(listener)) return
    if (!this.listener) this.listener = listener
    else (this.more ??= []).push(listener)
  }

  removeEventListener(_type: 'abort', listener: AbortListener): void {
    if (listener === this.listener) this.listener = this.more?.shift() ?? null
    else if (this.more) {
      const at = this.more.indexOf(listener)
      if (at >= 0) this.more.splice(at, 1)
    }
  }

  /** A real AbortSignal that aborts with this one (the same one on every call), for Node APIs, engines and fetch. */
  asAbortSignal(): AbortSignal {
    if (!this.real) {
      this.real = new AbortController()
      if (this.aborted) this.real.abort(this.reason)
    }
    return this.real.signal
  }
}

/** A real AbortSignal for `signal`: itself when it is one. */
export const abortSignalOf = (signal: RequestSignal): AbortSignal => (signal instanceof ClientSignal ? signal.asAbortSignal() : signal)
