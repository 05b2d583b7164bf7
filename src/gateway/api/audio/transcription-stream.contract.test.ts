import { readFileSync } from 'node:fs'
import { toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEAM_KEY } from '../../../../test/support/harness'
import { KNOWN_TRANSCRIPT } from '../../../../test/support/fake-openai'
import { missingAudioTools, missingToolsReason, probeSeconds, useAudioFixtures } from '../../../../test/support/audio-fixtures'
import { startAudioHarness, type AudioHarness } from '../../../../test/support/audio-harness'

const { speechWav } = useAudioFixtures()

let h: AudioHarness
beforeAll(async () => {
  h = await startAudioHarness()
})
afterAll(async () => h.close())

type StreamEvent = { type: string; delta?: string; text?: string; usage?: { type: string; seconds: number }; segments?: unknown[] }

/** Every event of a streamed transcription, and the checks every such stream must pass. */
async function collect(stream: AsyncIterable<unknown>): Promise<{ events: StreamEvent[]; deltas: string; done: StreamEvent }> {
  const events: StreamEvent[] = []
  for await (const event of stream) events.push(event as StreamEvent)
  const done = events.at(-1)!
  expect(done.type).toBe('transcript.text.done')
  expect(events.slice(0, -1).every((e) => e.type === 'transcript.text.delta' && typeof e.delta === 'string')).toBe(true)
  const deltas = events.slice(0, -1).map((e) => e.delta).join('')
  expect(deltas.trim()).toBe(done.text)
  return { events, deltas, done }
}

describe('POST /v1/audio/transcriptions with stream=true (the official openai client)', () => {
  it('streams an espeak-ng recording through whisper.cpp: a well-formed delta/done sequence with duration usage', { timeout: 120_000 }, async (ctx) => {
    const missing = missingAudioTools()
    if (missing.length) ctx.skip(missingToolsReason(missing))
    const wav = speechWav('Record and transcribe offline, while the person speaks.')
    const stream = await h.client.audio.transcriptions.create({ file: await toFile(readFileSync(wav), 'speech.wav'), model: 'whisper-test', stream: true, language: 'en' })
    const { done } = await collect(stream)
    // The test model has no weights: whisper.cpp runs every layer and finds no words.
    expect(done).toEqual({ type: 'transcript.text.done', text: '', usage: { type: 'duration', seconds: Math.ceil(probeSeconds(wav)) } })
    const row = h.usageRows()[0]!
    expect(row).toMatchObject({ endpoint: 'audio.transcriptions', status: 200, stream: true, modelName: 'whisper-test' })
    expect(row.audioSeconds).toBeCloseTo(probeSeconds(wav), 1)
  })

  it('forwards an upstream model that streams: its deltas as they come, then its text and usage', async () => {
    const { data: stream, response } = await h.client.audio.transcriptions.create({ file: await toFile(Buffer.from('audio'), 'a.mp3'), model: 'whisper-upstream', stream: true }).withResponse()
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('x-svc-model-id')).toBe(h.gw.store.models.getByName('whisper-upstream')!.id)
    const { events, deltas, done } = await collect(stream)
    expect(events.length).toBeGreaterThan(5)
    expect(deltas).toBe(KNOWN_TRANSCRIPT.text)
    expect(done).toEqual({ type: 'transcript.text.done', text: KNOWN_TRANSCRIPT.text, usage: { type: 'duration', seconds: 5 } })
    const sent = h.upstream.requests.at(-1)!.raw.toString('latin1')
    expect(sent).toMatch(/name="stream"\r\n\r\ntrue/)
    expect(sent).toMatch(/name="response_format"\r\n\r\njson/)
    expect(h.usageRows()[0]).toMatchObject({ stream: true, status: 200, audioSeconds: 5 })
  })

  it('adds the segments to the done event when verbose_json is asked for', async () => {
    const res = await post({ model: 'whisper-upstream', stream: 'true', response_format: 'verbose_json' })
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const events = (await res.text()).split('\n\n').filter(Boolean).map((e) => JSON.parse(e.replace(/^data: /, '')) as StreamEvent)
    expect(events.at(-1)).toMatchObject({ type: 'transcript.text.done', text: KNOWN_TRANSCRIPT.text, usage: { type: 'duration', seconds: 5 } })
  })

  it('answers a failure before any text as a plain error with its status, not a stream', async () => {
    const missingModel = await post({ model: 'base.en', stream: 'true' })
    expect(missingModel.status).toBe(404)
    expect(missingModel.headers.get('content-type')).toMatch(/application\/json/)
    expect(((await missingModel.json()) as { error: { code: string } }).error.code).toBe('model_not_installed')
  })

  it('refuses subtitles and odd values of stream with 400 naming the field', async () => {
    const srt = await post({ model: 'whisper-upstream', stream: 'true', response_format: 'srt' })
    expect(srt.status).toBe(400)
    expect(((await srt.json()) as { error: { param: string } }).error.param).toBe('response_format')
    const odd = await post({ model: 'whisper-upstream', stream: 'yes' })
    expect(((await odd.json()) as { error: { param: string } }).error.param).toBe('stream')
  })
})

async function post(fields: Record<string, string>) {
  const form = new FormData()
  form.set('file', new Blob([Buffer.from('audio')]), 'a.mp3')
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  return fetch(`${h.url}/v1/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}` }, body: form })
}
