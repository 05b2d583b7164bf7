/**
 * Audio engines benchmark (a plain script: `npx tsx bench/audio.bench.ts`).
 *
 * 1. Speech to text: what our path (decode with ffmpeg, Silero VAD, engine queue and worker
 *    process, formatting) costs around whisper.cpp, against calling the whisper.cpp binding
 *    directly in this process on the same file and model. One run each: with the test model
 *    (no weights) a call costs ~20 s, so the ratio is close to 1 and the overhead in ms is the
 *    number to read.
 * 2. Text to speech: characters per second with 1, 2 and 4 concurrent requests (mp3 output).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAudioEngineHost } from '../src/gateway/engines/audio-engine-host'
import { ModelManager } from '../src/gateway/engines/model-manager/model-manager'
import { type CatalogModel, DEFAULT_MODEL_CATALOG } from '../src/gateway/engines/model-manager/whisper-model-catalog'
import { defaultWhisperThreads } from '../src/gateway/engines/whisper/whisper-engine'
import { readWavPcm16 } from '../src/gateway/engines/tts/wav-container'
import { loadWhisperBinding } from '../src/gateway/engines/whisper/whisper-native-binding'
import { LocalSpeechProvider } from '../src/gateway/providers/local/local-speech-provider'
import { LocalTranscriptionProvider } from '../src/gateway/providers/local/local-transcription-provider'
import { formatTranscript } from '../src/gateway/services/audio/transcript-format'

const shared = fileURLToPath(new URL('../../shared/', import.meta.url))
const MODEL = join(shared, 'models/whisper/for-tests-ggml-tiny.bin')
const VAD = join(shared, 'models/vad/for-tests-silero-v6.2.0-ggml.bin')
const JFK = join(shared, 'fixtures/audio/jfk.wav')
const threads = defaultWhisperThreads()
const ms = (n: number) => `${Math.round(n)} ms`

async function directWhisper(): Promise<number> {
  const binding = loadWhisperBinding()
  binding.WhisperContext.toggleNativeLog(true, () => {}) // quiet, like our worker
  const started = performance.now()
  // The same file's samples: jfk.wav is 16 kHz mono s16, what the binding takes as is.
  const wav = readWavPcm16(readFileSync(JFK))!
  const samples = wav.data.buffer.slice(wav.data.byteOffset, wav.data.byteOffset + wav.data.byteLength) as ArrayBuffer
  const ctx = await new binding.WhisperContext({ filePath: MODEL, useGpu: false })
  await ctx.transcribeData(samples, { language: 'en', temperature: 0, temperatureInc: 0.2, maxThreads: threads }).promise
  const elapsed = performance.now() - started
  await ctx.release()
  binding.WhisperContext.toggleNativeLog(false) // releases the log callback, which would keep the process alive
  return elapsed
}

async function ourTranscription(dir: string) {
  const testModel: CatalogModel = {
    name: 'tiny-test',
    kind: 'whisper',
    fileName: 'for-tests-ggml-tiny.bin',
    url: 'http://127.0.0.1:1/unused',
    sizeBytes: null,
    sha256: null,
    multilingual: true,
    description: 'test model',
  }
  const models = new ModelManager({ modelsDir: join(dir, 'models'), catalog: [...DEFAULT_MODEL_CATALOG, testModel], mirror: join(shared, 'models/whisper') })
  await models.download('tiny-test')
  await models.import(VAD, { name: 'silero-v6.2.0' })
  const host = createAudioEngineHost({ whisperConcurrency: 1 })
  try {
    const provider = new LocalTranscriptionProvider({ host, models, threads, vadMinSeconds: 0 })
    const file = readFileSync(JFK)
    const started = performance.now()
    const result = await provider.transcribe({ file, filename: 'jfk.wav', language: 'en', task: 'transcribe' }, { model: { id: 'tiny-test', name: 'tiny-test', upstream: 'tiny-test', file: null } })
    const formatStarted = performance.now()
    formatTranscript(result, 'verbose_json')
    formatTranscript(result, 'srt')
    const formatMs = performance.now() - formatStarted
    return { totalMs: performance.now() - started, formatMs, timings: result.timings ?? {} }
  } finally {
    await host.close()
  }
}

const PARAGRAPH =
  'Gatehouse runs speech synthesis on this machine, without a network. Each request is spoken by Flite, ' +
  'compiled to WebAssembly, in a worker process of its own, then stretched to the requested speed and encoded ' +
  'by ffmpeg. This paragraph is long enough for the measurement to reflect synthesis rather than start-up costs, ' +
  'and short enough that a round of requests finishes in a few seconds on two cores.'

async function speechThroughput() {
  const host = createAudioEngineHost()
  const provider = new LocalSpeechProvider({ host })
  const rows: Array<{ concurrency: number; charsPerSecond: number; audioSecondsPerSecond: number }> = []
  try {
    // Warm up every worker: process start, WebAssembly compile.
    await Promise.all(Array.from({ length: 4 }, () => provider.speak({ input: 'Warm up.', voice: 'alloy' })))
    for (const concurrency of [1, 2, 4]) {
      const rounds = 3
      let audioSeconds = 0
      const started = performance.now()
      for (let r = 0; r < rounds; r++) {
        const results = await Promise.all(Array.from({ length: concurrency }, () => provider.speak({ input: PARAGRAPH, voice: 'alloy', format: 'mp3' })))
        audioSeconds += results.reduce((n, x) => n + x.seconds, 0)
      }
      const seconds = (performance.now() - started) / 1000
      rows.push({ concurrency, charsPerSecond: (PARAGRAPH.length * concurrency * rounds) / seconds, audioSecondsPerSecond: audioSeconds / seconds })
    }
  } finally {
    await host.close()
  }
  return rows
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-audio-bench-'))
  try {
    console.log(`audio bench: ${availableParallelism()} cores, whisper threads ${threads}, test model without weights (${MODEL})`)
    console.log('\n1. speech to text, jfk.wav (11 s), one run each')
    const direct = await directWhisper()
    const ours = await ourTranscription(dir)
    const t = ours.timings
    const inference = t.inferenceMs ?? 0
    console.log(`   binding called directly (read, model load, transcribeData): ${ms(direct)}`)
    console.log(`   our path (LocalTranscriptionProvider + format):         ${ms(ours.totalMs + ours.formatMs)}`)
    console.log(`     decode (ffmpeg)            ${ms(t.decodeMs ?? 0)}`)
    console.log(`     VAD (Silero, in worker)    ${ms(t.vadMs ?? 0)}  (includes worker start)`)
    console.log(`     whisper.cpp inference      ${ms(inference)}`)
    console.log(`     queue + IPC + model load   ${ms(ours.totalMs - (t.decodeMs ?? 0) - (t.vadMs ?? 0) - inference)}`)
    console.log(`     formatting (verbose_json + srt) ${ours.formatMs.toFixed(2)} ms`)
    console.log(`   ratio our path / direct: ${((ours.totalMs + ours.formatMs) / direct).toFixed(3)}; added around whisper.cpp inference: ${ms(ours.totalMs + ours.formatMs - inference)}`)

    console.log('\n2. text to speech (Flite voice alloy, mp3), characters per second')
    const rows = await speechThroughput()
    for (const r of rows) {
      console.log(`   ${r.concurrency} concurrent: ${r.charsPerSecond.toFixed(0)} chars/s, ${r.audioSecondsPerSecond.toFixed(1)} s of audio per second (x${(r.charsPerSecond / rows[0]!.charsPerSecond).toFixed(2)} of 1)`)
    }
    console.log(`\n${JSON.stringify({ stt: { directMs: Math.round(direct), oursMs: Math.round(ours.totalMs + ours.formatMs), timings: t }, tts: rows })}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
