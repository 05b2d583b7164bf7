import { describe, expect, it } from 'vitest'
import { newestReads, newestReadsByKey } from './newest-read'

describe('newest reads', () => {
  it('lets only the newest read begun show its answer, whichever answers last', () => {
    const begin = newestReads()
    const first = begin()
    expect(first()).toBe(true)
    const second = begin()
    expect([first(), second()]).toEqual([false, true])
  })

  it('keeps keys apart: a read of one collection never hides another one\'s', () => {
    const begin = newestReadsByKey()
    const a1 = begin('a')
    const b = begin('b')
    expect([a1(), b()]).toEqual([true, true])
    const a2 = begin('a')
    expect([a1(), a2(), b()]).toEqual([false, true, true])
  })
})
