import { availableParallelism } from 'node:os'

/**
 * Threads for llama.cpp: the machine's physical cores (llama.cpp's own count, which leaves out
 * hyperthreads and efficiency cores), capped by the CPUs this process may use, less one core for the
 * gateway's event loop and the worker's own JS thread. Measured on a 2-core machine with stories260K:
 * 1 thread ~730 tokens/s, 2 threads ~9 tokens/s, the library's default (4) under 2 tokens/s: spinning
 * compute threads that outnumber the free cores starve each other.
 */
export function defaultLlamaThreads(physicalCores: number, usableCpus: number = availableParallelism()): number {
  const cores = Math.max(1, Math.min(physicalCores || usableCpus, usableCpus))
  return Math.max(1, cores - 1)
}
