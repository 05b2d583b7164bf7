import { appendFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { KNOWN_TRANSCRIPT, startFakeOpenAi } from '../../../../test/support/fake-openai'
import type { FakeServer } from '../../../../test/support/fake-upstream'
import { admin, baseConfigData, manualClock, startTestGateway, TEAM_KEY, type TestGateway } from '../../../../test/support/harness'
import { wavHeader } from '../../engines/tts/wav-container'
import { SETTLE_MS } from '../../services/audio/watch-folders'
import type { RecordingInfo } from '../../../shared/recording-wire'

// The test whisper models have no weights: the transcript comes from an upstream transcription model (a fake
// OpenAI-compatible /v1/audio/transcriptions on loopback), which answers every file with KNOWN_TRANSCRIPT.
let upstream: FakeServer
const root = mkdtempSync(join(tmpdir(), 'gatehouse-watch-'))
const dataDir = join(root, 'data')
const folder = join(root, 'inbox')
const clock = manualClock()
let gw: TestGateway

const configData = () =>
  baseConfigData({
    providers: [{ id: 'up-openai', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-upstream-secret-openai' }],
    models: [{ name: 'whisper-upstream', provider: 'up-openai', upstream: 'whisper-1', pricing: { per_second: 1 } }],
    teams: [{ name: 'alpha', models: ['whisper-upstream'], keys: [TEAM_KEY] }, { name: 'beta' }],
    users: [],
    audio: { watch_folders: [{ path: folder, model: 'whisper-upstream', language: 'en', team: 'alpha' }] },
  })

const start = () => startTestGateway({ configData: configData(), dataDir, clock })

beforeAll(async () => {
  upstream = await startFakeOpenAi()
  const { mkdirSync } = await import('node:fs')
  mkdirSync(dataDir)
  mkdirSync(folder)
  gw = await start()
})
afterAll(async () => {
  await gw.close()
  await upstream.close()
  rmSync(root, { recursive: true, force: true })
})

/** A second of 16 kHz mono PCM as a WAV file, its samples starting from `seed`. */
function wav(seed: number): Buffer {
  const samples = Buffer.alloc(32000)
  for (let i = 0; i < 16000; i++) samples.writeInt16LE(((seed + i * 7) % 20000) - 10000, i * 2)
  return Buffer.concat([wavHeader(samples.length, 16000), samples])
}

const check = async () => {
  const res = await gw.app.inject({ method: 'POST', url: '/admin/watch-folders/check', headers: admin })
  expect(res.statusCode).toBe(200)
  return res.json() as { files: Array<{ path: string; state: string; recording_id: string | null; error: string | null }> }
}
/** Looks, lets the files settle by the clock, and looks again: what a copy that has finished gets. */
const settleAndCheck = async () => {
  await check()
  clock.advance(SETTLE_MS)
  return check()
}
const transcriptions = () => upstream.requests.filter((r) => r.url.endsWith('/audio/transcriptions'))
const fromFolder = async (name: string) => {
  const list = (await gw.app.inject({ method: 'GET', url: '/admin/recordings', headers: admin })).json().data as RecordingInfo[]
  return list.filter((r) => r.filename === name)
}

describe('watch folders (audio.watch_folders)', () => {
  it('transcribes a WAV copied into the folder into a recording once, also after a restart, and again when it changes', async () => {
    const path = join(folder, 'standup.wav')
    writeFileSync(path, wav(1))
    const status = await settleAndCheck()
    expect(status.files.find((f) => f.path === path)).toMatchObject({ state: 'done', error: null })
    const [rec] = await fromFolder('standup.wav')
    expect(rec).toMatchObject({ title: 'standup', source: 'upload', content_type: 'audio/wav', duration: 4.25, team_id: gw.store.teams.getByName('alpha')!.id })
    expect(rec!.transcript!.text).toBe(KNOWN_TRANSCRIPT.text)
    expect(rec!.transcript!.segments[1]).toMatchObject({ start: 2.004, end: 4.25 })
    expect(transcriptions()).toHaveLength(1)
    expect(transcriptions()[0]!.raw.toString('latin1')).toContain('name="language"\r\n\r\nen')
    const billed = await vi.waitFor(() => {
      const row = gw.store.usage.list({ limit: 10 }).find((u) => u.endpoint === 'audio.transcriptions' && u.state !== 'started')
      if (!row) throw new Error('the transcription is not settled yet')
      return row
    })
    expect(billed).toMatchObject({ status: 200, modelName: 'whisper-upstream', audioSeconds: 4.25, teamId: gw.store.teams.getByName('alpha')!.id })

    await settleAndCheck()
    await gw.close()
    gw = await start()
    await settleAndCheck()
    expect(await fromFolder('standup.wav')).toHaveLength(1)
    expect(transcriptions()).toHaveLength(1)

    // touched, same bytes: nothing to do; new bytes: a new transcript
    utimesSync(path, new Date(), new Date(Date.now() + 5000))
    await settleAndCheck()
    expect(transcriptions()).toHaveLength(1)
    writeFileSync(path, wav(2))
    await settleAndCheck()
    expect(await fromFolder('standup.wav')).toHaveLength(2)
    expect(transcriptions()).toHaveLength(2)
  })

  it('leaves a half-copied file until it stops growing, then takes the whole of it', async () => {
    const path = join(folder, 'interview.wav')
    const whole = wav(3)
    const before = transcriptions().length
    writeFileSync(path, whole.subarray(0, 20000))
    await check()
    clock.advance(SETTLE_MS - 1)
    expect((await check()).files.find((f) => f.path === path)).toMatchObject({ state: 'settling' })
    appendFileSync(path, whole.subarray(20000))
    clock.advance(SETTLE_MS)
    // it grew since the last look: it settles again from now
    expect((await check()).files.find((f) => f.path === path)).toMatchObject({ state: 'settling' })
    expect(transcriptions()).toHaveLength(before)
    clock.advance(SETTLE_MS)
    expect((await check()).files.find((f) => f.path === path)).toMatchObject({ state: 'done' })
    const [rec] = await fromFolder('interview.wav')
    expect(rec!.bytes).toBe(whole.length)
  })

  it('keeps the folders set in Settings beside the config file’s, and names a bad field', async () => {
    const other = join(root, 'voice-notes')
    const set = await gw.app.inject({ method: 'PUT', url: '/admin/watch-folders', headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify({ folders: [{ path: other, model: 'whisper-upstream' }] }) })
    expect(set.statusCode).toBe(200)
    expect(set.json().folders.map((f: { path: string; source: string }) => [f.path, f.source])).toEqual([
      [folder, 'config'],
      [other, 'admin'],
    ])
    expect(set.json().folders[1].problem).toContain('does not exist')
    const relative = await gw.app.inject({ method: 'PUT', url: '/admin/watch-folders', headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify({ folders: [{ path: 'notes', model: 'whisper-upstream' }] }) })
    expect([relative.statusCode, relative.json().error.param]).toEqual([400, 'folders[0].path'])
    const taken = await gw.app.inject({ method: 'PUT', url: '/admin/watch-folders', headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify({ folders: [{ path: folder, model: 'whisper-upstream' }] }) })
    expect([taken.statusCode, taken.json().error.param]).toEqual([400, 'folders[0].path'])
  })
})
