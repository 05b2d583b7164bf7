import { describe, expect, it } from 'vitest'
import { TrackPair } from './track-pair'

const block = (n: number, value: number) => new Int16Array(n).fill(value)

function pair(maxLag = 100) {
  const out: Array<{ mix: number[]; system: number[] }> = []
  const p = new TrackPair((mix, system) => out.push({ mix: [...mix], system: [...system] }), maxLag)
  return { p, out }
}

describe('two tracks lined up for recording', () => {
  it('gives the mix and the system track alone for what both tracks have, keeping the rest for later', () => {
    const { p, out } = pair()
    p.push('mic', block(4, 100))
    expect(out).toEqual([])
    p.push('system', block(3, 20))
    p.push('system', block(2, 30))
    expect(out).toEqual([
      { mix: [120, 120, 120], system: [20, 20, 20] },
      { mix: [130], system: [30] },
    ])
    p.push('mic', block(2, 100))
    expect(out.at(-1)).toEqual({ mix: [130], system: [30] })
  })

  it('at the end, the longer track comes out with silence for the shorter', () => {
    const { p, out } = pair()
    p.push('mic', block(3, 5))
    p.flush()
    expect(out).toEqual([{ mix: [5, 5, 5], system: [0, 0, 0] }])
  })

  it('a track that stopped delivering is taken as silence, so the recording goes on', () => {
    const { p, out } = pair(10)
    p.push('system', block(8, 7))
    expect(out).toEqual([])
    p.push('system', block(4, 7))
    expect(out).toEqual([{ mix: Array(12).fill(7), system: Array(12).fill(7) }])
  })
})
