import { describe, expect, it } from 'vitest'
import { groupedNumber } from './grouped-number'

describe('groupedNumber', () => {
  it('writes what toLocaleString("en-US") writes, for credits in micro-credits and for counts', () => {
    const cases: Array<[number, number]> = [
      [0, 6], [1, 6], [999_999, 6], [1_000_000, 6], [131_072_000, 6], [1_000_000_000, 6], [1_234_567_890_123, 6], [-1_500_000, 6],
      [-1, 6], [0.5, 6], [2.5, 6], [-2.5, 6], [123_456_789.4999, 6],
      [0, 0], [7, 0], [999, 0], [1000, 0], [10_000, 0], [1_234_567, 0], [-1_234_567, 0], [12_345.5, 0], [2 ** 60, 0], [3 * 10 ** 22, 6],
    ]
    for (const [units, decimals] of cases) {
      expect(groupedNumber(units, decimals), `${units} at ${decimals}`).toBe((units / 10 ** decimals).toLocaleString('en-US', { maximumFractionDigits: decimals }))
    }
  })

  it('drops trailing zeros and groups only the whole part', () => {
    expect(groupedNumber(1_000_100_000, 6)).toBe('1,000.1')
    expect(groupedNumber(1_234_567, 6)).toBe('1.234567')
    expect(groupedNumber(10_000)).toBe('10,000')
  })

  it('is exact up to the largest safe integer of units, where dividing first is not', () => {
    expect(groupedNumber(Number.MAX_SAFE_INTEGER, 6)).toBe('9,007,199,254.740991')
  })
})
