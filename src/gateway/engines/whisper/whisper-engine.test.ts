import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import { decodeAudioToPcm16k } from '../ffmpeg/decode-audio'
import { JFK_WAV, TEST_VAD_MODEL, TEST_WHISPER_MODEL } from '../engine-test-support'
import { EngineHost } from '../host/engine-host'
import { WhisperEngine, whisperEngineDefinition } from './whisper-engine'

let host: EngineHost
let whisper: WhisperEngine
let jfk: Int16Array
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-whisper-test-'))

beforeAll(async () => {
  host = new EngineHost({ engines: [whisperEngineDefinition({ concurrency: 1 })] })
  whisper = new WhisperEngine(host)
  jfk = (await decodeAudioToPcm16k(readFileSync(JFK_WAV), { filename: 'jfk.wav' })).pcm
})
afterAll(async () => {
  await host.close()
  rmSync(dir, { recursive: true, force: true })
})

const caught = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a rejection') }, (e: unknown) => e)

describe('whisper engine (whisper.cpp in a worker process)', () => {
  it('finds the four speech spans of the jfk sample with Silero VAD', async () => {
    const spans = await whisper.detectSpeech({ vadModelPath: TEST_VAD_MODEL, pcm: jfk, threads: 2 })
    const expected = [
      [0.3, 2.3],
      [3.3, 4.4],
      [5.4, 7.7],
      [8.2, 10.6],
    ]
    expect(spans).toHaveLength(4)
    spans.forEach((span, i) => {
      expect(Math.abs(span.start - expected[i]![0]!)).toBeLessThan(0.15)
      expect(Math.abs(span.end - expected[i]![1]!)).toBeLessThan(0.15)
    })
  })

  it('survives a corrupt model file that aborts whisper.cpp, and serves the next request with a good model', async () => {
    // Garble the tensor headers: whisper.cpp hits GGML_ASSERT and aborts the whole process.
    const corrupt = join(dir, 'corrupt-ggml-tiny.bin')
    const bytes = readFileSync(TEST_WHISPER_MODEL)
    bytes.fill(0xff, 40, 2040)
    writeFileSync(corrupt, bytes)
    const e = await caught(whisper.transcribe({ modelPath: corrupt, pcm: jfk, translate: false, temperature: 0, temperatureInc: 0.2, threads: 2, tokenSegments: false, language: 'en' }))
    expect(e).toBeInstanceOf(GatewayError)
    const err = e as GatewayError
    expect(err.status).toBe(500)
    expect(err.code).toBe('engine_crashed')
    expect(err.message).toContain('whisper engine crashed')
    expect(err.message).toContain(corrupt)
    expect(err.message).toContain('ggml.c:')
    expect(err.message).toContain('GGML_ASSERT')
    expect(err.message).not.toContain('/home/runner')

    const good = join(dir, 'good-ggml-tiny.bin')
    copyFileSync(TEST_WHISPER_MODEL, good)
    await expect(whisper.loadModel(good)).resolves.toEqual({ modelPath: good })
    expect(host.stats()[0]).toMatchObject({ workersLost: 1 })
  })

  it('reports a file that is not a model as an engine error with whisper.cpp own words', async () => {
    const text = join(dir, 'not-a-model.bin')
    writeFileSync(text, 'definitely not ggml'.repeat(100))
    const e = await caught(whisper.loadModel(text))
    expect(e).toMatchObject({ status: 500, code: 'engine_error' })
    expect((e as Error).message).toContain(text)
    expect((e as Error).message).toContain('bad magic')
  })

  it('reports a missing model file by its path', async () => {
    const e = await caught(whisper.loadModel(join(dir, 'missing.bin')))
    expect(e).toMatchObject({ status: 500, code: 'model_file_missing' })
    expect((e as Error).message).toContain('missing.bin')
  })

  it('cancels a running transcription by stopping its worker; the engine keeps serving', async () => {
    const controller = new AbortController()
    const running = whisper.transcribe(
      { modelPath: TEST_WHISPER_MODEL, pcm: jfk, translate: false, temperature: 0, temperatureInc: 0.2, threads: 2, tokenSegments: false, language: 'en' },
      controller.signal,
    )
    setTimeout(() => controller.abort(), 1500)
    const started = Date.now()
    const e = await caught(running)
    expect((e as Error).name).toBe('AbortError')
    expect(Date.now() - started).toBeLessThan(5000)
    const spans = await whisper.detectSpeech({ vadModelPath: TEST_VAD_MODEL, pcm: jfk, threads: 2 })
    expect(spans.length).toBe(4)
  })
})
