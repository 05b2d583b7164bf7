const FOLLOWERS = Symbol('abort followers')

type Followable = AbortSignal & { [FOLLOWERS]?: Set<() => void> }

/**
 * An abort whose signal also calls plain functions registered with `onAbort`, without an EventTarget
 * listener: adding and removing one costs about 2 µs in Node 20, and every upstream call of every
 * request followed its client's signal that way.
 */
export function followableAbort(): { signal: AbortSignal; abort(reason?: unknown): void } {
  const controller = new AbortController()
  const followers = new Set<() => void>()
  ;(controller.signal as Followable)[FOLLOWERS] = followers
  return {
    signal: controller.signal,
    abort(reason) {
      if (controller.signal.aborted) return
      controller.abort(reason)
      for (const follow of followers) follow()
      followers.clear()
    },
  }
}

/** Calls `follow` once when `signal` aborts; returns what stops that. Any AbortSignal works, a followable one costs less. */
export function onAbort(signal: AbortSignal, follow: () => void): () => void {
  const followers = (signal as Followable)[FOLLOWERS]
  if (followers) {
    followers.add(follow)
    return () => void followers.delete(follow)
  }
  signal.addEventListener('abort', follow, { once: true })
  return () => signal.removeEventListener('abort', follow)
}
