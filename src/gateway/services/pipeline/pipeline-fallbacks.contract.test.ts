import OpenAI, { toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startFakeOpenAi } from '../../../../test/support/fake-openai'
import type { FakeServer } from '../../../../test/support/fake-upstream'
import { baseConfigData, settledUsageRow, startTestGateway, TEAM_KEY, type TestGateway } from '../../../../test/support/harness'
import { wavFromPcm16 } from '../../engines/tts/wav-container'

/**
 * One try-chain serves every endpoint: a model whose upstream cannot be reached falls back to the team's
 * next model, the answer says which model answered and which failed first, and the usage row holds every
 * attempt. Chat and /v1/messages have their own detailed fallback tests; this covers the rest.
 */
let gw: TestGateway
let upstream: FakeServer
let client: OpenAI
const DOWN = 'http://127.0.0.1:9/v1'

beforeAll(async () => {
  upstream = await startFakeOpenAi()
  gw = await startTestGateway({
    configData: baseConfigData({
      providers: [
        { id: 'up', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-up' },
        { id: 'down', type: 'openai', base_url: DOWN, api_key: 'sk-down' },
        { id: 'local', type: 'local' },
      ],
      models: [
        { name: 'gpt-echo', provider: 'up', upstream: 'gpt-4o-mini' },
        { name: 'gpt-down', provider: 'down', upstream: 'gpt-4o-mini' },
        { name: 'voice', provider: 'local', engine: 'tts' },
        { name: 'tts-down', provider: 'down', upstream: 'tts-1' },
        { name: 'whisper-up', provider: 'up', upstream: 'whisper-1' },
        { name: 'whisper-down', provider: 'down', upstream: 'whisper-1' },
      ],
      teams: [{ name: 'alpha', keys: [TEAM_KEY], fallbacks: { 'gpt-down': ['gpt-echo'], 'tts-down': ['voice'], 'whisper-down': ['whisper-up'] } }],
      users: [],
    }),
  })
  client = new OpenAI({ baseURL: `${await gw.app.listen({ host: '127.0.0.1', port: 0 })}/v1`, apiKey: TEAM_KEY, maxRetries: 0 })
})
afterAll(async () => {
  await gw?.close()
  await upstream?.close()
})

const attemptsOf = (row: { attempts: Array<{ model: string; status: number }> }) => row.attempts.map((a) => [a.model, a.status])

describe('fallbacks through the one pipeline', () => {
  it('speech: an unreachable upstream voice falls back to the local engine', async () => {
    const { data, response } = await client.audio.speech.create({ model: 'tts-down', voice: 'alloy', input: 'Fallbacks reach speech too.', response_format: 'wav' }).withResponse()
    const audio = Buffer.from(await data.arrayBuffer())
    expect(audio.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(response.headers.get('x-svc-model-id')).toBe(gw.store.models.getByName('voice')!.id)
    expect(response.headers.get('x-svc-fallbacks-used')).toBe('tts-down')
    const row = await settledUsageRow(gw.store, response.headers.get('x-request-id'))
    expect(row).toMatchObject({ endpoint: 'audio.speech', requestedModel: 'tts-down', modelName: 'voice', status: 200, characters: 27 })
    expect(attemptsOf(row)).toEqual([
      ['tts-down', 502],
      ['voice', 200],
    ])
  })

  it('speech: ?fallbacks=false keeps to the model asked for', async () => {
    const res = await fetch(`${client.baseURL}/audio/speech?fallbacks=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-down', voice: 'alloy', input: 'no fallback' }),
    })
    expect(res.status).toBe(502)
    expect(attemptsOf(await settledUsageRow(gw.store, res.headers.get('x-request-id')))).toEqual([['tts-down', 502]])
  })

  it('transcription: falls back to the next speech-to-text model', async () => {
    const wav = wavFromPcm16(new Uint8Array(16_000 * 2), 16_000)
    const { data, response } = await client.audio.transcriptions.create({ model: 'whisper-down', file: await toFile(wav, 'one-second.wav') }).withResponse()
    expect(data.text).toBe('Ask not what your country can do. Ask what you can do.')
    expect(response.headers.get('x-svc-fallbacks-used')).toBe('whisper-down')
    const row = await settledUsageRow(gw.store, response.headers.get('x-request-id'))
    expect(row).toMatchObject({ endpoint: 'audio.transcriptions', modelName: 'whisper-up', status: 200 })
    expect(attemptsOf(row)).toEqual([
      ['whisper-down', 502],
      ['whisper-up', 200],
    ])
  })

  it('batch lines: the same chain, with the usage row marked as a batch', async () => {
    const line = { custom_id: 'one', method: 'POST', url: '/v1/chat/completions', body: { model: 'gpt-down', messages: [{ role: 'user', content: 'from a batch' }] } }
    const file = await client.files.create({ file: await toFile(Buffer.from(`${JSON.stringify(line)}\n`), 'in.jsonl'), purpose: 'batch' })
    const batch = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' })
    let done = batch
    for (let i = 0; i < 500 && done.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 20))
      done = await client.batches.retrieve(batch.id)
    }
    expect(done.status).toBe('completed')
    const row = (await vi.waitFor(() => gw.store.usage.list({ limit: 10 }).find((r) => r.source === 'batch' && r.state !== 'started') ?? Promise.reject(new Error('no batch row yet'))))!
    expect(row).toMatchObject({ endpoint: 'chat.completions', requestedModel: 'gpt-down', modelName: 'gpt-echo', status: 200 })
    expect(row.attempts.map((a) => [a.model, a.status])).toEqual([
      ['gpt-down', 502],
      ['gpt-echo', 200],
    ])
  })
})
