/**
 * Which llama.cpp build a worker runs on: `engines.gpu` asks for `auto` (the best GPU build that loads,
 * else the CPU), `off`, or one backend by name. A GPU build that fails to load (not installed, no
 * driver, no device) falls back to the CPU, and the report says why, for `GET /admin/engines`.
 */
import { freemem, totalmem } from 'node:os'
import type { Llama } from 'node-llama-cpp'
import type { GpuBackendReport, GpuSetting } from './llama-protocol'

/** What node-llama-cpp's getLlama is asked for; injected by tests to make a backend fail. */
export type LlamaLoader = (gpu: false | 'auto' | Exclude<GpuSetting, 'auto' | 'off'>) => Promise<Llama>

const describe = (e: unknown) => (e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e)).trim()

export async function loadLlamaBackend(setting: GpuSetting, loader: LlamaLoader): Promise<{ llama: Llama; report: GpuBackendReport }> {
  if (setting === 'off') {
    const llama = await loader(false)
    return { llama, report: await reportOf(llama, setting, 'engines.gpu is "off"') }
  }
  let failure: string
  try {
    const llama = await loader(setting)
    if (llama.gpu !== false) return { llama, report: await reportOf(llama, setting, null) }
    // auto found no GPU build with a device: node-llama-cpp settled on the CPU build itself.
    return { llama, report: await reportOf(llama, setting, 'no GPU build of llama.cpp with a usable device is installed for this machine (Metal, CUDA or Vulkan)') }
  } catch (e) {
    failure = describe(e)
  }
  const llama = await loader(false)
  const which = setting === 'auto' ? 'the GPU backend' : `the ${setting} backend`
  return { llama, report: await reportOf(llama, setting, `${which} failed to load (${failure}); running on the CPU`) }
}

async function reportOf(llama: Llama, requested: GpuSetting, reason: string | null): Promise<GpuBackendReport> {
  const onGpu = llama.gpu !== false
  const vram = onGpu ? await llama.getVramState().catch(() => null) : null
  return {
    requested,
    backend: llama.gpu === false ? 'cpu' : llama.gpu,
    devices: onGpu ? await llama.getGpuDeviceNames().catch(() => []) : [],
    vram: vram ? { totalBytes: vram.total, freeBytes: vram.free } : null,
    ram: { totalBytes: totalmem(), freeBytes: freemem() },
    reason,
  }
}
