/**
 * Loads whisper.cpp's Node binding: the prebuilt CPU package of @fugood/whisper.node for this
 * platform (`@fugood/node-whisper-<platform>-<arch>`). Only the worker process loads it.
 *
 * We depend on the per-platform CPU packages directly instead of @fugood/whisper.node, whose
 * optional dependencies would also pull the CUDA and Vulkan builds (~90 MB on Linux). Its JS
 * wrapper only picks the package by platform and forwards to the classes below.
 */
import type { GpuSetting } from '../../../shared/local-model-settings'
import { createRequire } from 'node:module'

export const WHISPER_BINDING_VERSION = '1.1.1'

export interface WhisperTranscribeOptions {
  language?: string
  translate?: boolean
  maxThreads?: number
  maxLen?: number
  tokenTimestamps?: boolean
  temperature?: number
  temperatureInc?: number
  prompt?: string
  /** Called from whisper.cpp's new-segment callback with the segments just decoded (t0/t1 in ms). */
  onNewSegments?: (result: { nNew: number; totalNNew: number; result: string; segments: Array<{ text: string; t0: number; t1: number }> }) => void
}

export interface WhisperNativeResult {
  language?: string
  result: string
  /** t0/t1 in milliseconds. */
  segments: Array<{ text: string; t0: number; t1: number }>
  isAborted: boolean
}

/**
 * Whether whisper.cpp may use the GPU: the installed binding packages are the CPU builds on Linux and
 * Windows (their -vulkan and -cuda variants are separate packages, not installed), while the macOS arm64
 * one is built with Metal. `engines.gpu: off` keeps it on the CPU everywhere; a named backend other than
 * Metal has no whisper build here.
 */
export function whisperUsesGpu(setting: GpuSetting, platform: NodeJS.Platform = process.platform, arch: string = process.arch): boolean {
  if (setting !== 'auto' && setting !== 'metal') return false
  return platform === 'darwin' && arch === 'arm64'
}

export interface WhisperNativeContext {
  transcribeData(pcm16: ArrayBuffer, options?: WhisperTranscribeOptions): { stop: () => Promise<void>; promise: Promise<WhisperNativeResult> }
  release(): Promise<void>
}

export interface WhisperVadOptions {
  threshold?: number
  minSpeechDurationMs?: number
  minSilenceDurationMs?: number
  maxSpeechDurationS?: number
  speechPadMs?: number
}

export interface WhisperNativeVadContext {
  /** t0/t1 in centiseconds. */
  detectSpeechData(pcm16: ArrayBuffer, options?: WhisperVadOptions): Promise<Array<{ t0: number; t1: number }>>
  release(): Promise<void>
}

type LogToggle = (enable: boolean, callback?: (level: string, text: string) => void) => void

export interface WhisperNativeBinding {
  WhisperContext: (new (options: { filePath: string; useGpu?: boolean }) => WhisperNativeContext | Promise<WhisperNativeContext>) & { toggleNativeLog: LogToggle }
  WhisperVadContext: (new (options: { filePath: string; useGpu?: boolean; nThreads?: number }) => WhisperNativeVadContext | Promise<WhisperNativeVadContext>) & {
    toggleNativeLog: LogToggle
  }
}

export const whisperBindingPackage = (platform: string = process.platform, arch: string = process.arch) => `@fugood/node-whisper-${platform}-${arch}`

let binding: WhisperNativeBinding | undefined

export function loadWhisperBinding(): WhisperNativeBinding {
  if (binding) return binding
  const name = whisperBindingPackage()
  try {
    binding = createRequire(import.meta.url)(name) as WhisperNativeBinding
  } catch (e) {
    const reason = e instanceof Error ? e.message.split('\n')[0] : String(e)
    throw new Error(
      `whisper.cpp has no native build loaded for ${process.platform}-${process.arch}: ${reason}. ` +
        `Install it with \`npm install ${name}@${WHISPER_BINDING_VERSION}\` ` +
        `(prebuilt packages exist for linux-x64, linux-arm64, darwin-x64, darwin-arm64, win32-x64 and win32-arm64).`,
    )
  }
  return binding
}
