import { describe, expect, it } from 'vitest'
import { PushedBody } from './pushed-body'

/** A body with a source that counts how often it was asked to go on or to stop. */
function fed() {
  const body = new PushedBody()
  const source = { resumed: 0, cancelled: 0, resume: () => void source.resumed++, cancel: () => void source.cancelled++ }
  body.source = source
  return { body, source }
}

const kib = (n: number, fill = 1) => Buffer.alloc(n * 1024, fill)

describe('PushedBody', () => {
  it('asks the upstream to pause once 64 KiB wait unread, and to go on once the reader took them', async () => {
    const { body, source } = fed()
    expect(body.push(kib(32))).toBe(true)
    expect(body.push(kib(32))).toBe(false)
    expect((await body.next()).value).toHaveLength(32 * 1024)
    expect(source.resumed).toBe(1)
    expect((await body.next()).value).toHaveLength(32 * 1024)
    expect(source.resumed).toBe(1)
  })

  it('a whole read takes everything without pausing, and goes on from a pause', async () => {
    const { body, source } = fed()
    body.push(kib(40))
    expect(body.push(kib(40))).toBe(false)
    const whole = body.buffer()
    expect(source.resumed).toBe(1)
    expect(body.push(kib(100, 2))).toBe(true)
    body.end(Buffer.from('tail'))
    const all = await whole
    expect(all).toHaveLength(180 * 1024 + 4)
    expect(all.subarray(-4).toString()).toBe('tail')
  })

  it('hands out what arrived before a failure, then the failure', async () => {
    const { body } = fed()
    body.push(Buffer.from('data: one\n\n'))
    body.fail(new Error('socket hang up'))
    expect((await body.next()).value?.toString()).toBe('data: one\n\n')
    await expect(body.next()).rejects.toThrow('socket hang up')
    await expect(body.text()).rejects.toThrow('socket hang up')
  })

  it('a reader waiting for the next chunk gets it as it arrives, then the end', async () => {
    const { body } = fed()
    const waiting = body.next()
    body.push(Buffer.from('late'))
    expect((await waiting).value?.toString()).toBe('late')
    const ending = body.next()
    body.end(Buffer.alloc(0))
    expect(await ending).toEqual({ value: undefined, done: true })
  })

  it('dropping it cancels an upstream still sending, and not one that finished', () => {
    const open = fed()
    open.body.destroy()
    expect(open.source.cancelled).toBe(1)
    const done = fed()
    done.body.end(Buffer.alloc(0))
    done.body.destroy()
    expect(done.source.cancelled).toBe(0)
  })
})
