import { describe, expect, it, vi } from 'vitest'
import { deadlineSignal } from '../providers/upstream/deadline-signal'
import { followableAbort, onAbort } from './abort-followers'

describe('abort followers', () => {
  it('calls a follower once, after the signal is aborted with its reason', () => {
    const abort = followableAbort()
    const seen: unknown[] = []
    onAbort(abort.signal, () => seen.push(abort.signal.reason))
    abort.abort('gone')
    abort.abort('again')
    expect(seen).toEqual(['gone'])
  })

  it('calls nothing once unfollowed', () => {
    const abort = followableAbort()
    const follow = vi.fn()
    onAbort(abort.signal, follow)()
    abort.abort()
    expect(follow).not.toHaveBeenCalled()
  })

  it('still tells EventTarget listeners', () => {
    const abort = followableAbort()
    const listener = vi.fn()
    abort.signal.addEventListener('abort', listener)
    abort.abort()
    expect(listener).toHaveBeenCalledOnce()
  })

  it('follows any other AbortSignal through its listeners', () => {
    const controller = new AbortController()
    const follow = vi.fn()
    const unfollow = onAbort(controller.signal, follow)
    controller.abort()
    expect(follow).toHaveBeenCalledOnce()
    const other = new AbortController()
    const never = vi.fn()
    onAbort(other.signal, never)()
    other.abort()
    expect(never).not.toHaveBeenCalled()
    unfollow()
  })

  it("lets an upstream call's deadline end with its client, not after its release", () => {
    const client = followableAbort()
    const deadline = deadlineSignal(client.signal, 60_000)
    client.abort(new Error('client left'))
    expect(deadline.signal.aborted).toBe(true)
    expect((deadline.signal.reason as Error).message).toBe('client left')
    expect(deadline.timedOut()).toBe(false)
    deadline.release()

    const later = followableAbort()
    const released = deadlineSignal(later.signal, 60_000)
    released.release()
    later.abort()
    expect(released.signal.aborted).toBe(false)
  })
})
