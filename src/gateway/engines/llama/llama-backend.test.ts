import { type Llama, LlamaLogLevel, getLlama } from 'node-llama-cpp'
import { describe, expect, it } from 'vitest'
import { type LlamaLoader, loadLlamaBackend } from './llama-backend'

/** A stand-in for node-llama-cpp's Llama: only what the report reads. */
const fakeLlama = (gpu: Llama['gpu'], devices: string[] = [], vram = { total: 0, free: 0 }) =>
  ({ gpu, getGpuDeviceNames: async () => devices, getVramState: async () => ({ ...vram, used: vram.total - vram.free, unifiedSize: 0 }) }) as unknown as Llama

/** A loader whose GPU builds fail the way a missing or broken one does, and whose CPU build loads. */
const failingGpu = (calls: unknown[]): LlamaLoader => async (gpu) => {
  calls.push(gpu)
  if (gpu !== false) throw Object.assign(new Error(`the ${gpu === 'auto' ? 'vulkan' : gpu} build could not be loaded: libvulkan.so.1: cannot open shared object file`), { name: 'NoBinaryFoundError' })
  return fakeLlama(false)
}

describe('loadLlamaBackend', () => {
  it('runs on the GPU that auto finds, with its devices and free VRAM', async () => {
    const { report } = await loadLlamaBackend('auto', async () => fakeLlama('metal', ['Apple M2 Pro'], { total: 32e9, free: 20e9 }))
    expect(report).toMatchObject({ requested: 'auto', backend: 'metal', devices: ['Apple M2 Pro'], vram: { totalBytes: 32e9, freeBytes: 20e9 }, reason: null })
    expect(report.ram.totalBytes).toBeGreaterThan(0)
  })

  it('falls back to the CPU when the GPU backend fails to load, and says why', async () => {
    const calls: unknown[] = []
    const { llama, report } = await loadLlamaBackend('auto', failingGpu(calls))
    expect(calls).toEqual(['auto', false])
    expect(llama.gpu).toBe(false)
    expect(report).toMatchObject({ requested: 'auto', backend: 'cpu', devices: [], vram: null })
    expect(report.reason).toMatch(/GPU backend failed to load \(NoBinaryFoundError: .*libvulkan.*\); running on the CPU/)
  })

  it('falls back to the CPU when a backend asked for by name fails', async () => {
    const calls: unknown[] = []
    const { report } = await loadLlamaBackend('cuda', failingGpu(calls))
    expect(calls).toEqual(['cuda', false])
    expect(report).toMatchObject({ requested: 'cuda', backend: 'cpu' })
    expect(report.reason).toContain('the cuda backend failed to load')
  })

  it('says so when auto finds no GPU build, and never asks for one with gpu off', async () => {
    expect((await loadLlamaBackend('auto', async () => fakeLlama(false))).report.reason).toContain('no GPU build')
    const calls: unknown[] = []
    const { report } = await loadLlamaBackend('off', failingGpu(calls))
    expect(calls).toEqual([false])
    expect(report).toMatchObject({ backend: 'cpu', reason: 'engines.gpu is "off"' })
  })

  it('falls back to the CPU with the real library when the Vulkan build is not installed (development installs skip it)', async () => {
    const real: LlamaLoader = (gpu) => getLlama({ gpu, build: 'never', logLevel: LlamaLogLevel.disabled, progressLogs: false })
    const { report } = await loadLlamaBackend('vulkan', real)
    expect(report.backend).toBe('cpu')
    expect(report.reason).toContain('the vulkan backend failed to load')
  })
})
