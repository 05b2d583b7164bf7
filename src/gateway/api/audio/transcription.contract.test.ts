import { readFileSync } from 'node:fs'
import { toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, TEAM_KEY } from '../../../../test/support/harness'
import { missingAudioTools, missingToolsReason, probeSeconds, useAudioFixtures } from '../../../../test/support/audio-fixtures'
import { JFK_WAV, TEST_VAD_MODEL } from '../../engines/engine-test-support'
import { startAudioHarness, type AudioHarness } from '../../../../test/support/audio-harness'

const { convert, silenceWav } = useAudioFixtures()

// Silent audio of a second or more goes through the VAD once it is installed (below), which finds no
// speech, so whisper never runs on it: such a request costs a decode and a short VAD pass, not the
// weightless test model's 17 s whisper call (shared/models/README.md). The first test runs that model in tiny's
// real shape (`whisper-tiny`); every other call here runs it narrowed (`whisper-test`, narrowWhisperTestModel).
const SILENCE_SECONDS = 2
let h: AudioHarness
beforeAll(async () => {
  h = await startAudioHarness({ vad_min_seconds: 1 })
})
afterAll(async () => h.close())

const missing = missingAudioTools()
const file = (path: string, name = path.split('/').pop()!) => toFile(readFileSync(path), name)

describe('offline transcription and translation (whisper.cpp, weightless test model)', () => {
  it('transcribes through the whole pipeline on tiny\'s real shape: decode, whisper, verbose_json with the real duration', { timeout: 120_000 }, async (ctx) => {
    if (missing.length) ctx.skip(missingToolsReason(missing))
    const mp3 = convert(JFK_WAV, 'mp3')
    const { data, response } = await h.client.audio.transcriptions
      .create({ file: await file(mp3), model: 'whisper-tiny', response_format: 'verbose_json', language: 'en', timestamp_granularities: ['segment'] })
      .withResponse()
    expect(response.headers.get('x-svc-model-id')).toBe(h.gw.store.models.getByName('whisper-tiny')!.id)
    expect(data).toMatchObject({ task: 'transcribe', language: 'english', text: '' })
    expect(data.duration).toBeCloseTo(probeSeconds(mp3), 0)
    const row = h.usageRows()[0]!
    expect(row).toMatchObject({ endpoint: 'audio.transcriptions', status: 200, modelName: 'whisper-tiny' })
    expect(row.audioSeconds).toBeCloseTo(11, 0)
    expect(row.creditsMicro).toBe(Math.round(row.audioSeconds * 0.1 * 1e6))
  })

  it('keeps answering other requests when a model file is corrupt', { timeout: 120_000 }, async () => {
    const broken = async () => h.client.audio.transcriptions.create({ file: await file(JFK_WAV), model: 'whisper-broken' }).catch((e) => e)
    const first = await broken()
    expect(first.status).toBe(500)
    expect(first.message).toMatch(/whisper engine crashed/)
    expect(first.message).toMatch(/ggml-broken\.bin/)
    const speech = await h.client.audio.speech.create({ model: 'voice', voice: 'echo', input: 'still here', response_format: 'wav' }).asResponse()
    expect(speech.status).toBe(200)
    expect((await fetch(`${h.url}/health`)).status).toBe(200)
    expect((await broken()).status).toBe(500)
  })

  it('says how to install a model that is not installed', async () => {
    const err = await h.client.audio.transcriptions.create({ file: await file(JFK_WAV), model: 'base.en' }).catch((e) => e)
    expect(err.status).toBe(404)
    expect(err.code).toBe('model_not_installed')
    expect(err.message).toMatch(/not installed.*Download it/)
  })

  describe('with the Silero VAD installed', () => {
    beforeAll(async () => {
      const imported = await h.gw.app.inject({ method: 'POST', url: '/admin/local-models/import', headers: admin, payload: { path: TEST_VAD_MODEL, name: 'silero-v6.2.0' } })
      expect(imported.statusCode).toBe(201)
    })

    it('translates through the whole pipeline from webm', { timeout: 120_000 }, async (ctx) => {
      if (missing.length) ctx.skip(missingToolsReason(missing))
      // whisper.cpp's translate task itself runs in local-transcription-provider.test.ts.
      const data = await h.client.audio.translations.create({ file: await file(convert(silenceWav(SILENCE_SECONDS), 'webm')), model: 'whisper-test' })
      expect(data).toEqual({ text: '' })
      const row = h.usageRows()[0]!
      expect(row).toMatchObject({ endpoint: 'audio.translations', status: 200, modelName: 'whisper-test' })
      expect(row.audioSeconds).toBeCloseTo(SILENCE_SECONDS, 1)
    })

    it('decodes every accepted container on the endpoint: flac, mp3, mp4, mpeg, mpga, m4a, ogg, wav, webm', { timeout: 120_000 }, async (ctx) => {
      if (missing.length) ctx.skip(missingToolsReason(missing))
      const silence = silenceWav(SILENCE_SECONDS)
      for (const ext of ['flac', 'mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'ogg', 'wav', 'webm']) {
        const path = ext === 'wav' ? silence : convert(silence, ext)
        const data = await h.client.audio.transcriptions.create({ file: await file(path, `silence.${ext}`), model: 'whisper-test', response_format: 'verbose_json' })
        expect(data.duration, ext).toBeCloseTo(SILENCE_SECONDS, 0)
        expect(data.text).toBe('')
      }
    })
  })
})

describe('response formats, from the known segments of an upstream transcript', () => {
  const transcribe = async (response_format: 'json' | 'text' | 'srt' | 'vtt' | 'verbose_json') =>
    (await h.client.audio.transcriptions.create({ file: await toFile(Buffer.from('audio'), 'a.mp3'), model: 'whisper-upstream', response_format })) as unknown

  it('json carries the text and the duration usage (whole seconds, as OpenAI reports it)', async () => {
    expect(await transcribe('json')).toEqual({ text: 'Ask not what your country can do. Ask what you can do.', usage: { type: 'duration', seconds: 5 } })
    expect(h.upstream.requests.at(-1)!.url).toBe('/v1/audio/transcriptions')
    expect(h.usageRows()[0]).toMatchObject({ audioSeconds: 4.25, creditsMicro: 4_250_000 })
  })

  it('srt, vtt and text come wrapped in {"html-message": ...} as application/json', async () => {
    expect(await transcribe('srt')).toEqual({
      'html-message': '1\n00:00:00,000 --> 00:00:01,500\nAsk not what your country can do.\n\n2\n00:00:02,004 --> 00:00:04,250\nAsk what you can do.\n',
    })
    expect(await transcribe('vtt')).toEqual({
      'html-message': 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nAsk not what your country can do.\n\n00:00:02.004 --> 00:00:04.250\nAsk what you can do.\n',
    })
    expect(await transcribe('text')).toEqual({ 'html-message': 'Ask not what your country can do. Ask what you can do.\n' })
  })
})

describe('invalid requests get 400 naming the field', () => {
  const post = async (fields: Record<string, string>, audio: Buffer | null = Buffer.from('RIFF'), path = 'transcriptions') => {
    const form = new FormData()
    if (audio) form.set('file', new Blob([audio]), 'a.wav')
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    const res = await fetch(`${h.url}/v1/audio/${path}`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}` }, body: form })
    return { status: res.status, error: ((await res.json()) as { error: { param: string; message: string } }).error }
  }
  const wav = () => readFileSync(JFK_WAV)

  it.each([
    ['no model', {}, 'model'],
    ['temperature above 1', { model: 'whisper-test', temperature: '1.5' }, 'temperature'],
    ['temperature not a number', { model: 'whisper-test', temperature: 'warm' }, 'temperature'],
    ['a language that is not ISO-639-1', { model: 'whisper-test', language: 'english' }, 'language'],
    ['an unknown response_format', { model: 'whisper-test', response_format: 'xml' }, 'response_format'],
    ['word timestamps without verbose_json', { model: 'whisper-test', 'timestamp_granularities[]': 'word' }, 'timestamp_granularities[]'],
    ['an unknown granularity', { model: 'whisper-test', response_format: 'verbose_json', 'timestamp_granularities[]': 'char' }, 'timestamp_granularities[]'],
    ['an unknown field', { model: 'whisper-test', beam_size: '5' }, 'beam_size'],
    ['a text-to-speech model', { model: 'voice' }, 'model'],
  ])('%s', async (_name, fields, param) => {
    const { status, error } = await post(fields, wav())
    expect(status).toBe(400)
    expect(error.param).toBe(param)
  })

  it('no file, an empty file, or bytes that are not audio', async () => {
    expect((await post({ model: 'whisper-test' }, null)).error.param).toBe('file')
    const empty = await post({ model: 'whisper-test' }, Buffer.alloc(0))
    expect([empty.status, empty.error.param]).toEqual([400, 'file'])
    const garbage = await post({ model: 'whisper-test' }, Buffer.from('this is not audio at all, just text'))
    expect([garbage.status, garbage.error.param]).toEqual([400, 'file'])
    expect(garbage.error.message).toMatch(/decode|audio/i)
  })

  it('translations take no language', async () => {
    const { status, error } = await post({ model: 'whisper-test', language: 'de' }, wav(), 'translations')
    expect([status, error.param]).toEqual([400, 'language'])
  })
})
