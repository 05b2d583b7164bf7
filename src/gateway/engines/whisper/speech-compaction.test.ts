import { describe, expect, it } from 'vitest'
import { compactSpeech, originalTime } from './speech-compaction'

const RATE = 100 // 100 samples a second keeps the arithmetic readable
const ramp = (n: number) => Int16Array.from({ length: n }, (_, i) => i)

describe('compactSpeech', () => {
  it('keeps padded speech spans end to end with a silence between', () => {
    const pcm = ramp(1000) // 10 s
    const c = compactSpeech(pcm, [{ start: 1, end: 2 }, { start: 5, end: 6 }], { sampleRate: RATE, padSeconds: 0.1, gapSeconds: 0.2 })
    expect(c.pieces).toEqual([
      { from: 90, to: 210, at: 0 },
      { from: 490, to: 610, at: 140 },
    ])
    expect(c.pcm.length).toBe(120 + 20 + 120)
    expect(c.pcm[0]).toBe(90)
    expect(c.pcm[119]).toBe(209)
    expect([...c.pcm.subarray(120, 140)].every((s) => s === 0)).toBe(true)
    expect(c.pcm[140]).toBe(490)
  })

  it('merges spans closer than the inserted silence and clamps to the audio', () => {
    const c = compactSpeech(ramp(500), [{ start: 0, end: 1 }, { start: 1.15, end: 2 }, { start: 4.5, end: 9 }], { sampleRate: RATE, padSeconds: 0.1, gapSeconds: 0.1 })
    expect(c.pieces).toEqual([
      { from: 0, to: 210, at: 0 },
      { from: 440, to: 500, at: 220 },
    ])
  })

  it('maps compacted times back to the original timeline', () => {
    const c = compactSpeech(ramp(1000), [{ start: 1, end: 2 }, { start: 5, end: 6 }], { sampleRate: RATE, padSeconds: 0.1, gapSeconds: 0.2 })
    expect(originalTime(c, 0, 'start')).toBeCloseTo(0.9)
    expect(originalTime(c, 1.0, 'end')).toBeCloseTo(1.9)
    // Inside the inserted silence: a start moves to the next stretch, an end to the previous one.
    expect(originalTime(c, 1.3, 'start')).toBeCloseTo(4.9)
    expect(originalTime(c, 1.3, 'end')).toBeCloseTo(2.1)
    expect(originalTime(c, 1.5, 'start')).toBeCloseTo(5.0)
    expect(originalTime(c, 99, 'end')).toBeCloseTo(6.1)
  })

  it('keeps nothing when there is no speech', () => {
    const c = compactSpeech(ramp(100), [], { sampleRate: RATE })
    expect(c.pcm.length).toBe(0)
    expect(originalTime(c, 0.5, 'start')).toBe(0.5)
  })
})
