import { describe, expect, it } from 'vitest'
import { concatSamples } from './pcm'
import { rmsLevel, SpeechChunker } from './speech-chunker'

const RATE = 1000 // a thousand samples a second keeps the arithmetic readable
const tone = (seconds: number) => Int16Array.from({ length: Math.round(seconds * RATE) }, (_, i) => (i % 2 ? 8000 : -8000))
const silence = (seconds: number) => new Int16Array(Math.round(seconds * RATE))
describe('SpeechChunker', () => {
  it('cuts at the first pause after the minimum length, in the middle of the pause', () => {
    const chunker = new SpeechChunker({ sampleRate: RATE, minSeconds: 3, pauseSeconds: 0.3 })
    const stream = concatSamples([tone(1), silence(0.5), tone(2.5), silence(0.6), tone(1)])
    const pieces = chunker.push(stream)
    // The half-second pause after one second is too early; the one after 4 s is taken.
    expect(pieces).toHaveLength(1)
    const cut = pieces[0]!.samples.length
    expect(cut).toBeGreaterThan(4000)
    expect(cut).toBeLessThan(4600)
    expect(pieces[0]).toMatchObject({ start: 0, voiced: true })
    const rest = chunker.flush()!
    expect(rest.start).toBe(cut)
    expect(cut + rest.samples.length).toBe(stream.length)
  })

  it('gives the same pieces whatever the size of the pushes', () => {
    const stream = concatSamples([tone(3.2), silence(0.5), tone(3.5), silence(0.5), tone(0.4)])
    const whole = new SpeechChunker({ sampleRate: RATE, pauseSeconds: 0.3 })
    const bits = new SpeechChunker({ sampleRate: RATE, pauseSeconds: 0.3 })
    const a = [...whole.push(stream), whole.flush()!]
    const b: ReturnType<SpeechChunker['push']> = []
    for (let i = 0; i < stream.length; i += 37) b.push(...bits.push(stream.subarray(i, i + 37)))
    b.push(bits.flush()!)
    expect(b.map((p) => [p.start, p.samples.length])).toEqual(a.map((p) => [p.start, p.samples.length]))
    expect(a).toHaveLength(3)
  })

  it('cuts speech without pauses at the maximum length, at its quietest frame', () => {
    const chunker = new SpeechChunker({ sampleRate: RATE, minSeconds: 1, maxSeconds: 5 })
    const dip = Int16Array.from({ length: 30 }, () => 200)
    const pieces = chunker.push(concatSamples([tone(4), dip, tone(4)]))
    expect(pieces[0]!.samples.length).toBeGreaterThanOrEqual(4000)
    expect(pieces[0]!.samples.length).toBeLessThanOrEqual(4050)
  })

  it('says when a piece holds no speech', () => {
    const chunker = new SpeechChunker({ sampleRate: RATE })
    expect(chunker.push(silence(2))).toEqual([])
    expect(chunker.flush()).toMatchObject({ start: 0, voiced: false })
    expect(chunker.flush()).toBeNull()
    expect(rmsLevel(tone(0.1))).toBeCloseTo(8000 / 32768, 3)
  })
})
