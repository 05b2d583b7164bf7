/**
 * Whether a model file fits this machine, before it is downloaded: on the GPU (weights and context in
 * free VRAM), in RAM, or not at all. The needs come from the file's GGUF header (llama.cpp's own
 * estimate for the engine's context size); the machine's figures from the llama backend's report.
 */
export type FitVerdict = 'fits_gpu' | 'fits_ram' | 'too_large'

export interface MachineMemory {
  /** Null when no GPU backend runs. */
  vramFreeBytes: number | null
  ramTotalBytes: number
}

export interface Footprint {
  ramBytes: number
  vramBytes: number
}

/** What a file needs fully offloaded to the GPU (null: cannot run there) and on the CPU alone. */
export interface FileNeeds {
  gpu: Footprint | null
  cpu: Footprint
}

/** VRAM kept free for the display and the driver. */
const VRAM_HEADROOM = 0.9
/** RAM kept for the system and the other applications. */
const RAM_SHARE = 0.8

export function fitVerdict(needs: FileNeeds, machine: MachineMemory): { verdict: FitVerdict; needBytes: number } {
  const ramLimit = machine.ramTotalBytes * RAM_SHARE
  const { gpu, cpu } = needs
  if (gpu && machine.vramFreeBytes !== null && gpu.vramBytes <= machine.vramFreeBytes * VRAM_HEADROOM && gpu.ramBytes <= ramLimit) {
    return { verdict: 'fits_gpu', needBytes: gpu.vramBytes + gpu.ramBytes }
  }
  const needBytes = cpu.ramBytes + cpu.vramBytes
  return { verdict: needBytes <= ramLimit ? 'fits_ram' : 'too_large', needBytes }
}

/**
 * Another quantization of the same model: the header of one file gives the context's share, and the
 * weights scale with the file size (the quantization is what makes files of one model differ).
 */
export function scaledNeeds(measured: FileNeeds & { weightsBytes: number }, sizeBytes: number): FileNeeds {
  const delta = sizeBytes - measured.weightsBytes
  const grow = (f: Footprint, onGpu: boolean): Footprint =>
    onGpu ? { ramBytes: f.ramBytes, vramBytes: Math.max(0, f.vramBytes + delta) } : { ramBytes: Math.max(0, f.ramBytes + delta), vramBytes: f.vramBytes }
  return { gpu: measured.gpu && grow(measured.gpu, true), cpu: grow(measured.cpu, false) }
}

/** A whisper.cpp ggml file: loaded whole into RAM, with a little working memory. */
export const whisperNeeds = (sizeBytes: number): FileNeeds => ({ gpu: null, cpu: { ramBytes: Math.round(sizeBytes * 1.1) + 64 * 1024 ** 2, vramBytes: 0 } })
