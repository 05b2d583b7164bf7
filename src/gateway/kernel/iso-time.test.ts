import { describe, expect, it } from 'vitest'
import { isoTime } from './iso-time'

describe('isoTime', () => {
  it('writes what toISOString writes, across the years a gateway meets and their edges', () => {
    const edges = [
      0, 1, -1, 999, 1_000, 59_999, Date.UTC(2026, 10, 28, 20, 5, 9, 7), Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2000, 0, 1),
      Date.UTC(1969, 11, 31, 23, 59, 59, 999), Date.UTC(1900, 1, 28),
      // 0001-01-01, 0000-01-01 and the millisecond before it, 9999's last millisecond and the first after it, the limits
      -62_135_596_800_000, -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000, 8.64e15, -8.64e15,
    ]
    let seed = 7
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647)
    const spread = Array.from({ length: 2_000 }, () => Math.floor(-62_167_219_200_000 + random() * (253_402_300_799_999 + 62_167_219_200_000)))
    for (const ms of [...edges, ...spread, Date.now()]) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString())
  })

  it('throws for an invalid date, as toISOString does', () => {
    expect(() => isoTime(Number.NaN)).toThrow(RangeError)
    expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError)
  })
})
