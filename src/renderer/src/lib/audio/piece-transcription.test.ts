import { describe, expect, it } from 'vitest'
import { transcribeSamples, type TranscribePiece } from './piece-transcription'

const RATE = 1000
const tone = (s: number) => Int16Array.from({ length: s * RATE }, (_, i) => (i % 2 ? 9000 : -9000))
const silence = (s: number) => new Int16Array(s * RATE)
const join = (...parts: Int16Array[]) => {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0))
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0)
  return out
}

describe('transcribeSamples', () => {
  it('transcribes the voiced pieces in order, on the recording timeline, with the text so far as context', async () => {
    const prompts: Array<string | undefined> = []
    let n = 0
    const transcribe: TranscribePiece = async (wav, prompt, onDelta) => {
      prompts.push(prompt)
      expect(wav.type).toBe('audio/wav')
      const text = `piece ${++n}.`
      onDelta(text)
      return { text, segments: [{ id: 0, start: 0.5, end: 1.5, text: ` ${text}` }], language: 'english', duration: null }
    }
    const updates: number[] = []
    const job = transcribeSamples(join(tone(21), silence(1), tone(4), silence(30)), { sampleRate: RATE, transcribe, prompt: 'Harbour', onUpdate: (t) => updates.push(t.doneSeconds) })
    const result = await job.finished()
    expect(result.text).toBe('piece 1. piece 2.')
    expect(result.segments.map((s) => s.id)).toEqual([0, 1])
    expect(result.segments[0]!.start).toBe(0.5)
    // The second piece starts in the pause (cut at its middle), and its segment half a second later.
    expect(result.segments[1]!.start).toBeGreaterThan(21.5)
    expect(result.segments[1]!.start).toBeLessThan(22.5)
    expect(prompts).toEqual(['Harbour', 'Harbour piece 1.'])
    expect(result.doneSeconds).toBe(56)
    expect(updates.at(-1)).toBe(56)
  })

  it('reports no speech without calling the model for silence, and stops on cancel', async () => {
    let calls = 0
    const silent = transcribeSamples(silence(10), { sampleRate: RATE, transcribe: async () => (calls++, { text: '', segments: [], language: null, duration: null }), onUpdate: () => undefined })
    expect((await silent.finished()).text).toBe('')
    expect(calls).toBe(0)

    const hang: TranscribePiece = (_w, _p, _d, signal) => new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError'))))
    const job = transcribeSamples(tone(5), { sampleRate: RATE, transcribe: hang, onUpdate: () => undefined })
    // A short recording is one request.
    job.cancel()
    await expect(job.finished()).rejects.toMatchObject({ name: 'AbortError' })
  })
})
