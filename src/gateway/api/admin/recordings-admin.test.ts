import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, startTestGateway, type TestGateway } from '../../../../test/support/harness'
import type { RecordingInfo } from '../../../shared/recording-wire'

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => gw.close())

const json = (payload: unknown) => ({ headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify(payload) })
/** `n` samples of a ramp, as 16-bit little-endian bytes. */
const samples = (n: number, from = 0) => {
  const b = Buffer.alloc(n * 2)
  for (let i = 0; i < n; i++) b.writeInt16LE(((from + i) % 30000) - 15000, i * 2)
  return b
}
const chunk = (id: string, seq: number, body: Buffer) =>
  gw.app.inject({ method: 'PUT', url: `/admin/recordings/${id}/chunks/${seq}`, headers: { ...admin, 'content-type': 'application/octet-stream' }, payload: body })

async function start(title = 'Standup notes'): Promise<RecordingInfo> {
  const res = await gw.app.inject({ method: 'POST', url: '/admin/recordings', ...json({ title, sample_rate: 16000 }) })
  expect(res.statusCode).toBe(201)
  return res.json()
}

describe('/admin/recordings streamed in chunks', () => {
  it('appends chunks in order, answers a resent chunk as acknowledged, refuses gaps and odd bytes', async () => {
    const rec = await start()
    expect(rec).toMatchObject({ object: 'recording', source: 'microphone', state: 'recording', chunks: 0, bytes: 0, content_type: 'audio/L16;rate=16000' })
    const first = samples(16000)
    const second = samples(8000, 16000)
    expect((await chunk(rec.id, 0, first)).json()).toMatchObject({ chunks: 1, bytes: 32000, duration: 1 })
    const resent = await chunk(rec.id, 0, first)
    expect([resent.statusCode, resent.json().chunks]).toEqual([200, 1])
    const gap = await chunk(rec.id, 2, second)
    expect(gap.statusCode).toBe(409)
    expect(gap.json().error.message).toContain('send chunk 1 next')
    expect((await chunk(rec.id, 1, Buffer.alloc(3))).statusCode).toBe(400)
    expect((await chunk(rec.id, 1, second)).json()).toMatchObject({ chunks: 2, bytes: 48000, duration: 1.5 })

    const audio = await gw.app.inject({ method: 'GET', url: `/admin/recordings/${rec.id}/audio`, headers: admin })
    expect(audio.headers['content-type']).toBe('audio/wav')
    expect(audio.headers['content-disposition']).toContain('Standup notes.wav')
    const wav = audio.rawPayload
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF')
    expect(wav.readUInt32LE(24)).toBe(16000)
    expect(wav.readUInt32LE(40)).toBe(48000)
    expect(wav.subarray(44).equals(Buffer.concat([first, second]))).toBe(true)

    const done = await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}`, ...json({ state: 'complete' }) })
    expect(done.json().state).toBe('complete')
    expect((await chunk(rec.id, 2, second)).statusCode).toBe(409)
  })

  it('keeps chunks sent at the same time in their order', async () => {
    const rec = await start('Concurrent')
    const parts = [0, 1, 2, 3].map((i) => samples(1000, i * 1000))
    const answers = await Promise.all(parts.map((p, i) => chunk(rec.id, i, p)))
    // Sent together, a later chunk may arrive first and be told to wait for its turn; resent in order, all land.
    for (const [i, a] of answers.entries()) if (a.statusCode !== 200) expect((await chunk(rec.id, i, parts[i]!)).statusCode).toBe(200)
    const audio = await gw.app.inject({ method: 'GET', url: `/admin/recordings/${rec.id}/audio`, headers: admin })
    expect(audio.rawPayload.subarray(44).equals(Buffer.concat(parts))).toBe(true)
  })
})

describe('/admin/recordings chunks over HTTP: what a resend, a number and a size may be', () => {
  let url: string
  beforeAll(async () => {
    url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
  })
  const put = (id: string, seq: string, body: Buffer) =>
    fetch(`${url}/admin/recordings/${id}/chunks/${seq}`, { method: 'PUT', headers: { ...admin, 'content-type': 'application/octet-stream' }, body })
  const errorOf = async (res: Response) => [res.status, ((await res.json()) as { error: { param: string | null; code: string; message: string } }).error] as const

  it('refuses an acknowledged chunk resent with other bytes (409 naming seq), and keeps the first', async () => {
    const rec = await start('Resent')
    const first = samples(800)
    expect((await put(rec.id, '0', first)).status).toBe(200)
    expect((await put(rec.id, '1', samples(800, 800))).status).toBe(200)
    expect((await put(rec.id, '0', first)).status).toBe(200)
    for (const changed of [samples(800, 5), samples(400)]) {
      const [status, error] = await errorOf(await put(rec.id, '0', changed))
      expect([status, error.code, error.param]).toEqual([409, 'chunk_conflict', 'seq'])
      expect(error.message).toContain('Chunk 0 of')
    }
    const audio = Buffer.from(await (await fetch(`${url}/admin/recordings/${rec.id}/audio`, { headers: admin })).arrayBuffer())
    expect(audio.subarray(44).equals(Buffer.concat([first, samples(800, 800)]))).toBe(true)
  })

  it('takes seq only as plain digits: 0x1, 01, 1e0, +1 and -0 are 400 naming seq', async () => {
    const rec = await start('Numbers')
    expect((await put(rec.id, '0', samples(10))).status).toBe(200)
    for (const seq of ['0x1', '01', '1e0', '+1', '-0', ' 1', '1.0', '99999999999999999999']) {
      const [status, error] = await errorOf(await put(rec.id, encodeURIComponent(seq), samples(10, 10)))
      expect([seq, status, error.param]).toEqual([seq, 400, 'seq'])
    }
    expect((await put(rec.id, '1', samples(10, 10))).status).toBe(200)
    expect((await gw.app.inject({ method: 'GET', url: `/admin/recordings/${rec.id}`, headers: admin })).json().chunks).toBe(2)
  })

  it('names the chunk cap, not server.body_limit, when a chunk is too large', async () => {
    const rec = await start('Too large')
    const [status, error] = await errorOf(await put(rec.id, '0', Buffer.alloc(16 * 1024 * 1024)))
    expect(status).toBe(413)
    expect(error.message).toContain("this endpoint's limit of 8 MB")
    expect(error.message).not.toContain('server.body_limit')
  })
})

describe('/admin/recordings uploaded, listed, searched, renamed and deleted', () => {
  it('keeps an uploaded file as it came and finds recordings by title and by transcript', async () => {
    gw.clock.advance(60_000) // newer than the recordings of the tests before
    const form = new FormData()
    form.set('file', new Blob([Buffer.from('ID3 not really an mp3')], { type: 'audio/mpeg' }), 'interview.mp3')
    form.set('title', 'Interview with the harbour master')
    form.set('duration', '12.5')
    const res = await gw.app.inject({ method: 'POST', url: '/admin/recordings/upload', headers: admin, payload: form as never })
    expect(res.statusCode).toBe(201)
    const up: RecordingInfo = res.json()
    expect(up).toMatchObject({ source: 'upload', state: 'complete', filename: 'interview.mp3', content_type: 'audio/mpeg', duration: 12.5, bytes: 21 })
    const audio = await gw.app.inject({ method: 'GET', url: `/admin/recordings/${up.id}/audio`, headers: admin })
    expect([audio.headers['content-type'], audio.payload]).toEqual(['audio/mpeg', 'ID3 not really an mp3'])

    const patched = await gw.app.inject({
      method: 'PATCH',
      url: `/admin/recordings/${up.id}`,
      ...json({ title: 'Harbour interview', transcript: { text: 'The tide turns at noon.', segments: [{ id: 0, start: 0, end: 2.5, text: ' The tide turns at noon.' }], language: 'en', model: 'whisper-test' } }),
    })
    expect(patched.json()).toMatchObject({ title: 'Harbour interview', transcript: { text: 'The tide turns at noon.' } })

    const list = async (q = '') => ((await gw.app.inject({ method: 'GET', url: `/admin/recordings?q=${encodeURIComponent(q)}`, headers: admin })).json().data as RecordingInfo[]).map((r) => r.title)
    expect((await list())[0]).toBe('Harbour interview')
    expect(await list('TIDE')).toEqual(['Harbour interview'])
    expect(await list('harbour')).toEqual(['Harbour interview'])
    expect(await list('no such words')).toEqual([])

    expect((await gw.app.inject({ method: 'DELETE', url: `/admin/recordings/${up.id}`, headers: admin })).json()).toEqual({ id: up.id, deleted: true })
    expect((await gw.app.inject({ method: 'GET', url: `/admin/recordings/${up.id}`, headers: admin })).statusCode).toBe(404)
    expect((await gw.app.inject({ method: 'GET', url: `/admin/recordings/${up.id}/audio`, headers: admin })).statusCode).toBe(404)
  })

  it('refuses what it cannot keep, naming the field', async () => {
    const bad = await gw.app.inject({ method: 'POST', url: '/admin/recordings', ...json({ sample_rate: 12345 }) })
    expect([bad.statusCode, bad.json().error.param]).toEqual([400, 'sample_rate'])
    const noFile = new FormData()
    noFile.set('title', 'nothing')
    const empty = await gw.app.inject({ method: 'POST', url: '/admin/recordings/upload', headers: admin, payload: noFile as never })
    expect([empty.statusCode, empty.json().error.param]).toEqual([400, 'file'])
    const rename = await gw.app.inject({ method: 'PATCH', url: '/admin/recordings/rec-AAAAAAAAAAAAAAAA', ...json({ title: 'x' }) })
    expect(rename.statusCode).toBe(404)
    expect((await gw.app.inject({ method: 'GET', url: '/admin/recordings/../../etc', headers: admin })).statusCode).toBe(404)
    expect((await gw.app.inject({ method: 'GET', url: '/admin/recordings' })).statusCode).toBe(401)
  })
})
