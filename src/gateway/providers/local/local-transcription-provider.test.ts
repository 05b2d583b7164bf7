import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAudioEngineHost } from '../../engines/audio-engine-host'
import { JFK_WAV, TEST_VAD_MODEL, TEST_WHISPER_MODEL_SHA256, missingTools, narrowWhisperTestModel, sharedPath } from '../../engines/engine-test-support'
import { type EngineHost } from '../../engines/host/engine-host'
import { ModelManager } from '../../engines/model-manager/model-manager'
import { type CatalogModel, DEFAULT_MODEL_CATALOG } from '../../engines/model-manager/whisper-model-catalog'
import { wavFromPcm16 } from '../../engines/tts/wav-container'
import { formatTranscript } from '../../services/audio/transcript-format'
import type { TranscriptionRequest } from '../contracts/audio'
import { LocalTranscriptionProvider } from './local-transcription-provider'

// The test models have no weights: the full pipeline runs and the text is empty. The calls here run the
// narrowed one (under a second); tiny's real shape costs ~20 s of CPU a call, and one contract test runs it
// (api/audio/transcription.contract.test.ts).
const WHISPER_CALL_TIMEOUT = 60_000

const testModel = (name: string, fileName: string, sha256: string | null, multilingual: boolean): CatalogModel => ({
  name,
  kind: 'whisper',
  fileName,
  url: 'http://127.0.0.1:1/unused',
  sizeBytes: statSync(sharedPath('models', 'whisper', fileName)).size,
  sha256,
  multilingual,
  description: 'test model without weights',
})

let host: EngineHost
let models: ModelManager
/** The provider takes its model from the call context; these tests name it beside the request. */
const transcribe = (p: LocalTranscriptionProvider, { model, ...req }: TranscriptionRequest & { model: string }) =>
  p.transcribe(req, { model: { id: model, name: model, upstream: model, file: null } })

let provider: LocalTranscriptionProvider
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-stt-test-'))

beforeAll(async () => {
  models = new ModelManager({
    modelsDir: join(dir, 'models'),
    catalog: [
      ...DEFAULT_MODEL_CATALOG,
      testModel('tiny-test', 'for-tests-ggml-tiny.bin', TEST_WHISPER_MODEL_SHA256, true),
      testModel('tiny.en-test', 'for-tests-ggml-tiny.en.bin', null, false),
    ],
    mirror: sharedPath('models', 'whisper'),
  })
  await models.download('tiny-test')
  await models.download('tiny.en-test')
  // The real Silero model: the catalog's sha256 checks the copy.
  await models.import(TEST_VAD_MODEL, { name: 'silero-v6.2.0' })
  await models.import(narrowWhisperTestModel(), { name: 'narrow-test' })
  host = createAudioEngineHost({ whisperConcurrency: 1 })
  provider = new LocalTranscriptionProvider({ host, models, threads: 2 })
})
afterAll(async () => {
  await host.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('LocalTranscriptionProvider', () => {
  it(
    'transcribes through decode, Silero VAD and whisper.cpp, and formats the result',
    async () => {
      const withVad = new LocalTranscriptionProvider({ host, models, threads: 2, vadMinSeconds: 0 })
      const result = await transcribe(withVad, { file: readFileSync(JFK_WAV), filename: 'jfk.wav', model: 'whisper-narrow-test', language: 'en', task: 'transcribe', temperature: 0 })
      expect(result).toMatchObject({ task: 'transcribe', language: 'en', duration: 11, temperature: 0 })
      // No weights: whisper.cpp runs encoder and decoder and finds no text.
      expect(result.text).toBe('')
      expect(result.segments).toEqual([])
      expect(result.timings!.vadMs).toBeGreaterThan(0)
      expect(result.timings!.inferenceMs).toBeGreaterThan(0)
      expect(formatTranscript(result, 'json').body).toEqual({ text: '', usage: { type: 'duration', seconds: 11 } })
      expect(formatTranscript(result, 'vtt').body).toBe('WEBVTT\n\n')
    },
    WHISPER_CALL_TIMEOUT,
  )

  it(
    'translates a file in another container, with word timestamps asked for',
    async (ctx) => {
      const missing = missingTools(['espeak-ng', 'ffmpeg'])
      if (missing.length) ctx.skip(`needs Debian tools ${missing.join(', ')} to make the fixture: apt-get install espeak-ng ffmpeg`)
      const wav = join(dir, 'german.wav')
      const mp3 = join(dir, 'german.mp3')
      execFileSync('espeak-ng', ['-v', 'de', '-w', wav, 'Guten Tag, wie geht es Ihnen heute?'])
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-c:a', 'libmp3lame', mp3])
      const result = await transcribe(provider, {
        file: mp3,
        filename: 'german.mp3',
        model: 'narrow-test',
        language: 'de',
        prompt: 'Eine Begrüßung.',
        temperature: 0.3,
        task: 'translate',
        timestampGranularities: ['word', 'segment'],
      })
      expect(result).toMatchObject({ task: 'translate', language: 'en', temperature: 0.3, text: '', words: [] })
      expect(result.duration).toBeGreaterThan(1)
      expect(result.timings!.vadMs).toBeUndefined() // short audio skips VAD
      expect(formatTranscript(result, 'json').body).toEqual({ text: '' })
      expect(formatTranscript(result, 'verbose_json', ['word']).body).toMatchObject({ task: 'translate', language: 'english', words: [] })
    },
    WHISPER_CALL_TIMEOUT,
  )

  it('answers a long silence from VAD alone, without running whisper', async () => {
    // "Long" is vadMinSeconds or more: 1 s here, so 2 s of silence costs a short VAD pass, not 40 s of it.
    const vadFromOneSecond = new LocalTranscriptionProvider({ host, models, threads: 2, vadMinSeconds: 1 })
    const silence = wavFromPcm16(new Uint8Array(16_000 * 2 * 2), 16_000)
    const result = await transcribe(vadFromOneSecond, { file: silence, filename: 'silence.wav', model: 'tiny-test', task: 'transcribe' })
    expect(result).toMatchObject({ text: '', segments: [], duration: 2 })
    expect(result.timings!.vadMs).toBeGreaterThanOrEqual(0)
    expect(result.timings!.inferenceMs).toBeUndefined()
  })

  it('says how to install a model that is not installed', async () => {
    const e = await transcribe(provider, { file: readFileSync(JFK_WAV), filename: 'jfk.wav', model: 'whisper-base', task: 'transcribe' }).catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 404, code: 'model_not_installed', param: 'model' })
    expect((e as Error).message).toContain('"base" is not installed')
  })

  it('answers 400 before any engine work for bad input', async () => {
    const jfk = readFileSync(JFK_WAV)
    const base = { file: jfk, filename: 'jfk.wav', model: 'tiny-test', task: 'transcribe' as const }
    await expect(transcribe(provider, { ...base, temperature: 1.5 })).rejects.toMatchObject({ status: 400, param: 'temperature' })
    await expect(transcribe(provider, { ...base, language: 'klingon' })).rejects.toMatchObject({ status: 400, param: 'language' })
    await expect(transcribe(provider, { ...base, model: 'tiny.en-test', language: 'fr' })).rejects.toMatchObject({ status: 400, param: 'language' })
    await expect(transcribe(provider, { ...base, file: Buffer.from('not audio'.repeat(100)), filename: 'x.mp3' })).rejects.toMatchObject({ status: 400, param: 'file' })
    await expect(transcribe(provider, { ...base, file: Buffer.alloc(0), filename: 'empty.wav' })).rejects.toMatchObject({ status: 400, param: 'file' })
  })
})
