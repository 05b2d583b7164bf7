import { describe, expect, it } from 'vitest'
import { fitVerdict, scaledNeeds, whisperNeeds } from './fit-verdict'

const GB = 1024 ** 3
const laptop = { vramFreeBytes: 6 * GB, ramTotalBytes: 16 * GB }
const noGpu = { vramFreeBytes: null, ramTotalBytes: 16 * GB }

describe('fitVerdict', () => {
  const sevenB = { gpu: { ramBytes: 0.3 * GB, vramBytes: 4.8 * GB }, cpu: { ramBytes: 5 * GB, vramBytes: 0 } }

  it('fits on the GPU when weights and context fit in free VRAM, keeping headroom', () => {
    expect(fitVerdict(sevenB, laptop)).toEqual({ verdict: 'fits_gpu', needBytes: 5.1 * GB })
    // 5.6 GB of 6 GB free passes the 90% headroom: it falls to RAM.
    expect(fitVerdict({ ...sevenB, gpu: { ramBytes: 0.3 * GB, vramBytes: 5.6 * GB } }, laptop).verdict).toBe('fits_ram')
  })

  it('fits in RAM without a GPU backend, and is too large past four fifths of RAM', () => {
    expect(fitVerdict(sevenB, noGpu)).toEqual({ verdict: 'fits_ram', needBytes: 5 * GB })
    expect(fitVerdict({ gpu: null, cpu: { ramBytes: 13 * GB, vramBytes: 0 } }, noGpu).verdict).toBe('too_large')
    expect(fitVerdict({ gpu: { ramBytes: 1 * GB, vramBytes: 40 * GB }, cpu: { ramBytes: 41 * GB, vramBytes: 0 } }, laptop).verdict).toBe('too_large')
  })

  it('scales the weights of another quantization of the same model by its file size', () => {
    const measured = { ...sevenB, weightsBytes: 4.5 * GB }
    const q8 = scaledNeeds(measured, 7.5 * GB)
    expect(q8.gpu!.vramBytes).toBeCloseTo(7.8 * GB)
    expect(q8.cpu.ramBytes).toBeCloseTo(8 * GB)
    expect(fitVerdict(q8, laptop).verdict).toBe('fits_ram')
    expect(fitVerdict(scaledNeeds(measured, 2.5 * GB), laptop).verdict).toBe('fits_gpu')
  })

  it('judges whisper files by their size, in RAM', () => {
    expect(fitVerdict(whisperNeeds(75 * 1024 ** 2), noGpu).verdict).toBe('fits_ram')
    expect(fitVerdict(whisperNeeds(20 * GB), laptop).verdict).toBe('too_large')
  })
})
