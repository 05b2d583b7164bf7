import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, startTestGateway, type TestGateway } from '../../../../test/support/harness'
import type { RecordingInfo, RecordingTranscript } from '../../../shared/recording-wire'

// The test whisper models have no weights: the transcript here is set as an upstream model would give it.
const machine: RecordingTranscript = {
  text: 'Welcome to the planning call. The budget for the lighthouse is approved. We ship on Friday.',
  language: 'en',
  model: 'whisper-1',
  segments: [
    { id: 0, start: 0, end: 4.2, text: ' Welcome to the planning call.' },
    { id: 1, start: 751, end: 756.5, text: ' The budget for the light house is approved.' },
    { id: 2, start: 756.5, end: 760, text: ' We ship on Friday.' },
  ],
}

const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-rec-transcripts-'))
let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway({ dataDir })
})
afterAll(async () => {
  await gw.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const json = (payload: unknown) => ({ headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify(payload) })

async function transcribed(title: string, transcript = machine): Promise<RecordingInfo> {
  const started = await gw.app.inject({ method: 'POST', url: '/admin/recordings', ...json({ title, sample_rate: 16000 }) })
  const res = await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${started.json().id}`, ...json({ transcript, state: 'complete' }) })
  expect(res.statusCode).toBe(200)
  return res.json()
}

const recordingsCollection = async (): Promise<string> => {
  const list = (await gw.app.inject({ method: 'GET', url: '/admin/collections', headers: admin })).json().data as Array<{ id: string; name: string }>
  return list.find((c) => c.name === 'Recordings')!.id
}
const search = async (query: string) => {
  const res = await gw.app.inject({ method: 'POST', url: `/admin/collections/${await recordingsCollection()}/search`, ...json({ query }) })
  expect(res.statusCode).toBe(200)
  return res.json().data as Array<{ recording_id?: string; start?: number; end?: number; text: string; document_name: string }>
}

describe('editable transcripts', () => {
  it('keeps a corrected segment beside the machine text, across a restart, in the srt export, and reverts it', async () => {
    const rec = await transcribed('Planning call')
    const edit = await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}/segments/1`, ...json({ text: 'The budget for the lighthouse is approved.' }) })
    expect(edit.statusCode).toBe(200)
    expect(edit.json().transcript.segments[1]).toEqual({ id: 1, start: 751, end: 756.5, text: 'The budget for the lighthouse is approved.', edited: true, original_text: ' The budget for the light house is approved.' })

    await gw.close()
    gw = await startTestGateway({ dataDir })

    const after = (await gw.app.inject({ method: 'GET', url: `/admin/recordings/${rec.id}`, headers: admin })).json() as RecordingInfo
    expect(after.transcript!.segments[1]!.text).toBe('The budget for the lighthouse is approved.')
    expect(after.transcript!.text).toBe('Welcome to the planning call. The budget for the lighthouse is approved. We ship on Friday.')
    const srt = await gw.app.inject({ method: 'GET', url: `/admin/recordings/${rec.id}/export?format=srt`, headers: admin })
    expect(srt.headers['content-type']).toContain('application/x-subrip')
    expect(srt.headers['content-disposition']).toContain('Planning call.srt')
    expect(srt.body).toContain('2\n00:12:31,000 --> 00:12:36,500\nThe budget for the lighthouse is approved.\n')
    const vtt = await gw.app.inject({ method: 'GET', url: `/admin/recordings/${rec.id}/export?format=vtt`, headers: admin })
    expect(vtt.body).toContain('00:12:31.000 --> 00:12:36.500\nThe budget for the lighthouse is approved.')
    const txt = await gw.app.inject({ method: 'GET', url: `/admin/recordings/${rec.id}/export?format=txt`, headers: admin })
    expect(txt.body).toContain('lighthouse is approved')
    const asJson = JSON.parse((await gw.app.inject({ method: 'GET', url: `/admin/recordings/${rec.id}/export?format=json`, headers: admin })).body)
    expect(asJson.segments[1].text).toBe('The budget for the lighthouse is approved.')

    const reverted = await gw.app.inject({ method: 'DELETE', url: `/admin/recordings/${rec.id}/segments/1/edit`, headers: admin })
    expect(reverted.json().transcript.segments[1]).toEqual(machine.segments[1])
    const again = await gw.app.inject({ method: 'DELETE', url: `/admin/recordings/${rec.id}/segments/1/edit`, headers: admin })
    expect([again.statusCode, again.json().error.param]).toEqual([404, 'n'])
  })

  it('names the field and the fix when an edit or an export cannot be made', async () => {
    const rec = await transcribed('Short call')
    const beyond = await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}/segments/9`, ...json({ text: 'x' }) })
    expect([beyond.statusCode, beyond.json().error.param]).toEqual([404, 'n'])
    expect(beyond.json().error.message).toContain('segments 0 to 2')
    const empty = await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}/segments/0`, ...json({ text: '  ' }) })
    expect([empty.statusCode, empty.json().error.param]).toEqual([400, 'text'])
    const format = await gw.app.inject({ method: 'GET', url: `/admin/recordings/${rec.id}/export?format=docx`, headers: admin })
    expect([format.statusCode, format.json().error.param]).toEqual([400, 'format'])
    const bare = await gw.app.inject({ method: 'POST', url: '/admin/recordings', ...json({ title: 'Silent', sample_rate: 16000 }) })
    const none = await gw.app.inject({ method: 'GET', url: `/admin/recordings/${bare.json().id}/export?format=srt`, headers: admin })
    expect(none.statusCode).toBe(409)
  })

  it('drops corrections when a new machine transcript replaces the old one', async () => {
    const rec = await transcribed('Retranscribed')
    await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}/segments/0`, ...json({ text: 'Hello all.' }) })
    const replaced = await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}`, ...json({ transcript: machine }) })
    expect(replaced.json().transcript.segments[0]).toEqual(machine.segments[0])
  })
})

describe('a recording’s team', () => {
  it('is given to a team and back to the owner with PATCH team, naming the field for an unknown team', async () => {
    const rec = await transcribed('Team call')
    const given = await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}`, ...json({ team: 'alpha' }) })
    expect(given.json().team_id).toBe(gw.store.teams.getByName('alpha')!.id)
    expect(given.json().transcript.text).toBe(machine.text)
    const back = await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}`, ...json({ team: null }) })
    expect(back.json().team_id).toBeNull()
    const unknown = await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}`, ...json({ team: 'nobody' }) })
    expect([unknown.statusCode, unknown.json().error.param]).toEqual([400, 'team'])
  })
})

describe('recordings searchable with timestamps', () => {
  it('finds a word of a transcript in the "Recordings" collection with its recording and start time, as corrected', async () => {
    const rec = await transcribed('Lighthouse sync', {
      ...machine,
      segments: [{ id: 0, start: 3, end: 9, text: ' Intro and greetings.' }, { id: 1, start: 751, end: 756.5, text: ' The quarterly zeppelin review is moved.' }],
    })
    const hits = await search('zeppelin')
    expect(hits[0]).toMatchObject({ recording_id: rec.id, start: 751, end: 756.5, document_name: 'Lighthouse sync' })

    await gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}/segments/1`, ...json({ text: 'The quarterly dirigible review is moved.' }) })
    expect((await search('zeppelin')).filter((h) => h.recording_id === rec.id)).toEqual([])
    expect((await search('dirigible'))[0]).toMatchObject({ recording_id: rec.id, start: 751 })

    await gw.app.inject({ method: 'DELETE', url: `/admin/recordings/${rec.id}`, headers: admin })
    expect(await search('dirigible')).toEqual([])
  })

  it('starts a hit at the segment that holds the words, not at its passage’s first sentence', async () => {
    const rec = await transcribed('Harbour meeting', {
      ...machine,
      segments: [{ id: 0, start: 0, end: 2, text: ' Opening remarks.' }, { id: 1, start: 3.5, end: 5.5, text: ' The narwhal budget is approved.' }],
    })
    expect((await search('narwhal'))[0]).toMatchObject({ recording_id: rec.id, start: 3.5, end: 5.5, text: 'Opening remarks. The narwhal budget is approved.' })
  })

  it('indexes at start-up the transcripts made before recordings were searchable', async () => {
    const started = await gw.app.inject({ method: 'POST', url: '/admin/recordings', ...json({ title: 'Old call', sample_rate: 16000 }) })
    const row = gw.store.recordings.get(started.json().id)!
    // as a transcript kept by an older version: in the row, in no collection
    gw.store.recordings.update({ ...row, transcript: { text: 'The wombat census.', segments: [{ id: 0, start: 42, end: 45, text: ' The wombat census.' }] } }, gw.clock.now())
    expect(await search('wombat')).toEqual([])
    await gw.close()
    gw = await startTestGateway({ dataDir })
    expect((await search('wombat'))[0]).toMatchObject({ recording_id: row.id, start: 42 })
  })

  it('refuses an empty query, naming the field', async () => {
    await transcribed('Anything')
    const res = await gw.app.inject({ method: 'POST', url: `/admin/collections/${await recordingsCollection()}/search`, ...json({ query: ' ' }) })
    expect([res.statusCode, res.json().error.param]).toEqual([400, 'query'])
  })
})
