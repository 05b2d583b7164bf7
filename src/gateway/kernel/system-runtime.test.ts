import { describe, expect, it } from 'vitest'
import { randomIds } from './system-runtime'

describe('randomIds.requestId', () => {
  it('gives distinct ids of the documented shape, past many refills of its random pool', () => {
    // 341 ids use up one pool of random characters: 5000 cross it many times, at every offset.
    const ids = Array.from({ length: 5000 }, () => randomIds.requestId())
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-z]{9}[A-Za-z0-9_-]{12}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('starts with the time in base 36, so ids sort by when they were made', () => {
    const before = Date.now()
    const id = randomIds.requestId()
    const stamped = parseInt(id.slice(4, 13), 36)
    expect(stamped).toBeGreaterThanOrEqual(before)
    expect(stamped).toBeLessThanOrEqual(Date.now())
  })
})
