/**
 * Runs inside a whisper engine worker process (see engines/host). Keeps the last whisper model
 * and the last VAD model loaded between requests.
 */
import { access, constants, stat } from 'node:fs/promises'
import { type EngineJobContext, EngineRequestError } from '../host/engine-protocol'
import {
  type WhisperNativeContext,
  type WhisperNativeVadContext,
  type WhisperTranscribeOptions,
  loadWhisperBinding,
  whisperUsesGpu,
} from './whisper-native-binding'
import type { GpuSetting } from '../../../shared/local-model-settings'
import { type SpeechSpan, type WhisperDetectSpeechRequest, type WhisperSegmentsEvent, type WhisperTranscribeRequest, type WhisperTranscribeResponse } from './whisper-protocol'

const binding = loadWhisperBinding()

// whisper.cpp logs a lot: keep the recent lines for error messages instead of printing them.
const nativeLog: string[] = []
const keepLog = (_level: string, text: string) => {
  nativeLog.push(text.trimEnd())
  if (nativeLog.length > 40) nativeLog.splice(0, nativeLog.length - 40)
}
binding.WhisperContext.toggleNativeLog(true, keepLog)
binding.WhisperVadContext.toggleNativeLog(true, keepLog)

/**
 * Attaches the recent native log to an error. whisper.cpp's log lines reach JS through a queue,
 * after the failing call has already returned: let them arrive first.
 */
async function withNativeLog(error: Error): Promise<Error> {
  await new Promise((resolve) => setTimeout(resolve, 20))
  return Object.assign(error, { nativeLog: nativeLog.join('\n') })
}

// Loaded models, keyed by path, size and mtime: a file replaced under the same name is loaded anew.
let whisper: { key: string; ctx: WhisperNativeContext } | null = null
let vad: { key: string; ctx: WhisperNativeVadContext } | null = null

async function modelFileKey(path: string, what: string): Promise<string> {
  try {
    await access(path, constants.R_OK)
    const info = await stat(path)
    return `${path}:${info.size}:${info.mtimeMs}`
  } catch {
    throw new EngineRequestError(`the ${what} file ${path} does not exist or cannot be read`, { code: 'model_file_missing' })
  }
}

async function whisperContext(modelPath: string, gpu: GpuSetting = 'off'): Promise<WhisperNativeContext> {
  const useGpu = whisperUsesGpu(gpu)
  const key = `${await modelFileKey(modelPath, 'whisper model')}:${useGpu}`
  if (whisper?.key === key) return whisper.ctx
  if (whisper) await whisper.ctx.release()
  whisper = null
  nativeLog.length = 0
  try {
    whisper = { key, ctx: await new binding.WhisperContext({ filePath: modelPath, useGpu }) }
  } catch (e) {
    // A GPU that fails to start costs nothing but speed: the same model on the CPU.
    if (useGpu) {
      whisper = { key, ctx: await new binding.WhisperContext({ filePath: modelPath, useGpu: false }) }
      return whisper.ctx
    }
    throw await withNativeLog(new Error(`whisper.cpp could not load the model (${e instanceof Error ? e.message : String(e)})`))
  }
  return whisper.ctx
}

async function vadContext(modelPath: string, threads: number): Promise<WhisperNativeVadContext> {
  const key = await modelFileKey(modelPath, 'VAD model')
  if (vad?.key === key) return vad.ctx
  if (vad) await vad.ctx.release()
  vad = null
  nativeLog.length = 0
  try {
    vad = { key, ctx: await new binding.WhisperVadContext({ filePath: modelPath, useGpu: false, nThreads: threads }) }
  } catch (e) {
    throw await withNativeLog(new Error(`whisper.cpp could not load the VAD model (${e instanceof Error ? e.message : String(e)})`))
  }
  return vad.ctx
}

/** The binding wants an ArrayBuffer holding exactly the samples. */
const samplesBuffer = (pcm: Int16Array): ArrayBuffer =>
  pcm.byteOffset === 0 && pcm.byteLength === pcm.buffer.byteLength ? (pcm.buffer as ArrayBuffer) : (pcm.slice().buffer as ArrayBuffer)

export const engineHandlers = {
  async loadModel({ modelPath }: { modelPath: string }): Promise<{ modelPath: string }> {
    await whisperContext(modelPath)
    return { modelPath }
  },

  async transcribe(req: WhisperTranscribeRequest, job: EngineJobContext): Promise<WhisperTranscribeResponse> {
    const ctx = await whisperContext(req.modelPath, req.gpu)
    const options: WhisperTranscribeOptions = {
      language: req.language ?? 'auto',
      translate: req.translate,
      maxThreads: req.threads,
      temperature: req.temperature,
      temperatureInc: req.temperatureInc,
      tokenTimestamps: req.tokenSegments,
      // One segment per token: the caller joins tokens into words with their own times.
      maxLen: req.tokenSegments ? 1 : 0,
    }
    if (req.prompt) options.prompt = req.prompt
    if (req.streamSegments) {
      options.onNewSegments = ({ segments }) => {
        const event: WhisperSegmentsEvent = { segments: segments.map((s) => ({ startMs: s.t0, endMs: s.t1, text: s.text })) }
        job.emit(event)
      }
    }
    nativeLog.length = 0
    const started = Date.now()
    let result
    try {
      result = await ctx.transcribeData(samplesBuffer(req.pcm), options).promise
    } catch (e) {
      throw await withNativeLog(new Error(`whisper.cpp could not transcribe (${e instanceof Error ? e.message : String(e)})`))
    }
    return {
      language: result.language ?? req.language ?? null,
      segments: result.segments.map((s) => ({ startMs: s.t0, endMs: s.t1, text: s.text })),
      inferenceMs: Date.now() - started,
    }
  },

  async detectSpeech(req: WhisperDetectSpeechRequest): Promise<SpeechSpan[]> {
    if (req.pcm.length === 0) return []
    const ctx = await vadContext(req.vadModelPath, req.threads)
    const spans = await ctx.detectSpeechData(samplesBuffer(req.pcm), {
      threshold: req.threshold,
      minSpeechDurationMs: req.minSpeechMs,
      minSilenceDurationMs: req.minSilenceMs,
      speechPadMs: req.speechPadMs,
    })
    return spans.map((s) => ({ start: s.t0 / 100, end: s.t1 / 100 }))
  },
}
