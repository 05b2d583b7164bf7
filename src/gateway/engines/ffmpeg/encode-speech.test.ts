import { describe, expect, it } from 'vitest'
import { atempoFilters, encodeSpeech } from './encode-speech'
import { readWavPcm16 } from '../tts/wav-container'

describe('atempoFilters', () => {
  it('needs no filter at normal speed and one stage inside 0.5..2', () => {
    expect(atempoFilters(1)).toEqual([])
    expect(atempoFilters(1.5)).toEqual(['atempo=1.5'])
    expect(atempoFilters(0.5)).toEqual(['atempo=0.5'])
    expect(atempoFilters(2)).toEqual(['atempo=2'])
  })

  it('chains stages whose product is the speed beyond that range', () => {
    expect(atempoFilters(4)).toEqual(['atempo=2', 'atempo=2'])
    expect(atempoFilters(0.25)).toEqual(['atempo=0.5', 'atempo=0.5'])
    expect(atempoFilters(3)).toEqual(['atempo=2', 'atempo=1.5'])
    const product = (stages: string[]) => stages.reduce((p, s) => p * Number(s.split('=')[1]), 1)
    for (const speed of [0.25, 0.3, 0.7, 2.5, 3.9, 4]) expect(product(atempoFilters(speed))).toBeCloseTo(speed, 5)
  })

  it('rejects a speed that is not positive', () => {
    expect(() => atempoFilters(0)).toThrow(RangeError)
  })
})

describe('encodeSpeech', () => {
  it('wraps pcm in a 24 kHz WAVE header for wav and passes pcm through', async () => {
    const pcm = Buffer.alloc(48_000) // 1 s of silence
    expect(await encodeSpeech(pcm, 'pcm')).toBe(pcm)
    const wav = readWavPcm16(await encodeSpeech(pcm, 'wav'))
    expect(wav).toMatchObject({ sampleRate: 24_000, channels: 1 })
    expect(wav!.data.length).toBe(48_000)
  })
})
