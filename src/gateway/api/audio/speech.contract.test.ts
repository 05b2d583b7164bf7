import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { missingAudioTools, missingToolsReason, useAudioFixtures } from '../../../../test/support/audio-fixtures'
import { startAudioHarness, type AudioHarness } from '../../../../test/support/audio-harness'

const { probeAudio } = useAudioFixtures()

let h: AudioHarness
beforeAll(async () => {
  h = await startAudioHarness()
})
afterAll(async () => h.close())

const TEXT = 'Hello from Gatehouse. This voice runs offline, on your own machine.'

async function speak(format: 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm', speed = 1) {
  const res = await h.client.audio.speech.create({ model: 'voice', voice: 'alloy', input: TEXT, response_format: format, speed }).asResponse()
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/octet-stream')
  expect(res.headers.get('x-svc-model-id')).toBe(h.gw.store.models.getByName('voice')!.id)
  return Buffer.from(await res.arrayBuffer())
}

function seconds(format: string, audio: Buffer): number {
  return format === 'pcm' ? audio.length / 2 / 24000 : probeAudio(audio).seconds
}

describe('POST /v1/audio/speech, offline', () => {
  const missing = missingAudioTools()

  it.for(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const)('speaks %s that decodes to a plausible length', async (format, ctx) => {
    if (missing.length) ctx.skip(missingToolsReason(missing))
    const duration = seconds(format, await speak(format))
    expect(duration).toBeGreaterThan(2)
    expect(duration).toBeLessThan(8)
  })

  it('speed 2 roughly halves the length', async (ctx) => {
    if (missing.length) ctx.skip(missingToolsReason(missing))
    const normal = seconds('wav', await speak('wav'))
    const fast = seconds('wav', await speak('wav', 2))
    expect(fast / normal).toBeGreaterThan(0.4)
    expect(fast / normal).toBeLessThan(0.62)
  })

  it('charges per character and logs the request', async () => {
    await speak('mp3')
    const row = h.usageRows()[0]!
    expect(row).toMatchObject({ endpoint: 'audio.speech', status: 200, characters: TEXT.length, modelName: 'voice' })
    expect(row.creditsMicro).toBe(TEXT.length * 15_000)
  })

  it('forwards a model on an OpenAI-compatible provider upstream', async () => {
    const res = await h.client.audio.speech.create({ model: 'tts-upstream', voice: 'nova', input: 'hi there' }).asResponse()
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('FAKE-AUDIO:nova:hi there')
    expect(h.upstream.requests.at(-1)!.json).toMatchObject({ model: 'tts-1', voice: 'nova', input: 'hi there', response_format: 'mp3', speed: 1 })
  })

  it.each([
    ['input too long', { input: 'x'.repeat(4097) }, 'input'],
    ['empty input', { input: '' }, 'input'],
    ['speed too high', { speed: 4.5 }, 'speed'],
    ['speed too low', { speed: 0.2 }, 'speed'],
    ['unknown format', { response_format: 'ogg' }, 'response_format'],
    ['no voice', { voice: undefined }, 'voice'],
    ['unknown voice', { voice: 'darth' }, 'voice'],
    ['no model', { model: undefined }, 'model'],
    ['a speech-to-text model', { model: 'whisper-test' }, 'model'],
    ['an unknown field', { pitch: 3 }, 'pitch'],
  ])('refuses %s with 400 naming the field', async (_name, patch, param) => {
    const body = { model: 'voice', voice: 'alloy', input: 'hello', ...patch }
    const err = await h.client.audio.speech.create(body as never).catch((e) => e)
    expect(err.status).toBe(400)
    expect(err.param).toBe(param)
  })
})
