import { describe, expect, it, vi } from 'vitest'
import { abortSignalOf, ClientSignal } from './client-signal'

describe('ClientSignal', () => {
  it('calls its listeners once, in order, after it is aborted with its reason', () => {
    const signal = new ClientSignal()
    const seen: string[] = []
    const object = { handleEvent: (e: Event) => seen.push(`object ${e.type} ${String(signal.reason)}`) }
    signal.addEventListener('abort', () => seen.push(`first aborted=${signal.aborted}`))
    signal.addEventListener('abort', object, { once: true })
    signal.addEventListener('abort', object) // added twice: called once, as an EventTarget does
    signal.abort('gone')
    signal.abort('again')
    expect(seen).toEqual(['first aborted=true', 'object abort gone'])
    expect(signal.reason).toBe('gone')
    expect(() => signal.throwIfAborted()).toThrow('gone')
  })

  it('aborts by default with an AbortError, as AbortController does', () => {
    const signal = new ClientSignal()
    expect(() => signal.throwIfAborted()).not.toThrow()
    signal.abort()
    expect(signal.reason).toBeInstanceOf(DOMException)
    expect(signal.reason).toMatchObject({ name: 'AbortError' })
  })

  it('calls no listener once removed, whichever was added first', () => {
    const signal = new ClientSignal()
    const [a, b, c] = [vi.fn(), vi.fn(), vi.fn()]
    for (const l of [a, b, c]) signal.addEventListener('abort', l)
    signal.removeEventListener('abort', a)
    signal.removeEventListener('abort', c)
    signal.abort()
    expect([a.mock.calls.length, b.mock.calls.length, c.mock.calls.length]).toEqual([0, 1, 0])
  })

  it('still calls the other listeners when one throws, and reports the error as uncaught', async () => {
    const signal = new ClientSignal()
    const after = vi.fn()
    const uncaught = new Promise((resolve) => process.once('uncaughtException', resolve))
    signal.addEventListener('abort', () => {
      throw new Error('listener broke')
    })
    signal.addEventListener('abort', after)
    signal.abort()
    expect(after).toHaveBeenCalledOnce()
    await expect(uncaught).resolves.toMatchObject({ message: 'listener broke' })
  })

  it('makes a real AbortSignal only when asked, the same one every time, that aborts with it', () => {
    const signal = new ClientSignal()
    const real = signal.asAbortSignal()
    expect(real).toBeInstanceOf(AbortSignal)
    expect(signal.asAbortSignal()).toBe(real)
    const listener = vi.fn()
    real.addEventListener('abort', listener)
    signal.abort(new Error('client left'))
    expect(listener).toHaveBeenCalledOnce()
    expect(real.reason).toBe(signal.reason)

    const late = new ClientSignal()
    late.abort('before anyone asked')
    expect(late.asAbortSignal()).toMatchObject({ aborted: true, reason: 'before anyone asked' })
  })

  it('abortSignalOf gives a real AbortSignal as it is', () => {
    const controller = new AbortController()
    expect(abortSignalOf(controller.signal)).toBe(controller.signal)
    const signal = new ClientSignal()
    expect(abortSignalOf(signal)).toBe(signal.asAbortSignal())
  })
})
