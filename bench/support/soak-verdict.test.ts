import { describe, expect, it } from 'vitest'
import { soakVerdict } from './soak-verdict'

const run = (rss: number[]) => rss.map((value, i) => ({ minute: i + 1, rss: value, p99: 50 }))

describe('soakVerdict', () => {
  it('calls a run flat when memory settles, whatever the warm-up minute and one odd sample did', () => {
    const v = soakVerdict(run([175, 143, 170, 171, 230, 172, 172, 172, 173, 172, 173, 173, 173]), ['rss', 'p99'])
    expect(v.windows).toBe('minutes 2-4 against 11-13')
    expect(v.flat).toBe(true)
  })

  it('calls a steady leak not flat', () => {
    const v = soakVerdict(run([100, 100, 105, 110, 115, 120, 125, 130, 135]), ['rss', 'p99'])
    expect(v.growth.rss).toBeGreaterThan(0.1)
    expect(v.flat).toBe(false)
  })

  it('compares single minutes in a short run and does not count a fall as growth', () => {
    const v = soakVerdict(run([171, 136, 120]), ['rss'])
    expect(v.windows).toBe('minutes 2-2 against 3-3')
    expect(v.flat).toBe(true)
  })
})
