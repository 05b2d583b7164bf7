import { expect, test } from '@playwright/test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gatewayPerFile } from './fixtures/file-gateway'
import { e2eConfig } from './fixtures/headless-gateway'
import { wavHeader } from '../src/gateway/engines/tts/wav-container'
import { AudioStudioPage } from './pages/audio-studio-page'
import { resizeTo, shot, SIZES } from './support/layout'

// The test whisper models have no weights: the transcript is set through the admin API, as an upstream model would give it.
const env = gatewayPerFile((upstreamUrl) => {
  const config = e2eConfig(upstreamUrl)
  return { ...config, models: [...config.models, { name: 'whisper-up', provider: 'fake', upstream: 'whisper-1', kind: 'transcription' }] }
})
const adminHeaders = () => ({ authorization: `Bearer ${new URL(env.gateway.loginUrl).searchParams.get('token')}` })

/** Six seconds of 16 kHz silence as a WAV file. */
const silentWav = () => new Blob([wavHeader(6 * 16000 * 2, 16000), new Uint8Array(6 * 16000 * 2)], { type: 'audio/wav' })

let recordingId = ''
test.beforeAll(async () => {
  const form = new FormData()
  form.append('title', 'Harbour meeting')
  form.append('duration', '6')
  form.append('file', silentWav(), 'harbour.wav')
  const up = await fetch(`${env.gateway.url}/admin/recordings/upload`, { method: 'POST', headers: adminHeaders(), body: form })
  recordingId = ((await up.json()) as { id: string }).id
  const transcript = {
    text: 'Opening remarks. The zeppelin budget is approved.',
    segments: [
      { id: 0, start: 0, end: 2, text: ' Opening remarks.' },
      { id: 1, start: 3.5, end: 5.5, text: ' The zeppelin budget is approved.' },
    ],
  }
  await fetch(`${env.gateway.url}/admin/recordings/${recordingId}`, { method: 'PATCH', headers: { ...adminHeaders(), 'content-type': 'application/json' }, body: JSON.stringify({ transcript }) })
})

test('a search hit plays the recording from the moment the words were said', async ({ page }) => {
  const studio = new AudioStudioPage(page)
  await studio.signIn(env.gateway.loginUrl)
  await studio.open()
  await studio.history.getByRole('searchbox', { name: 'Search recordings' }).fill('zeppelin')
  const hit = studio.history.getByRole('button', { name: 'Play Harbour meeting from 0:03' })
  await expect(hit).toBeVisible()
  await hit.click()
  const view = studio.recording('Harbour meeting')
  const audio = view.locator('audio')
  await expect(audio).toBeVisible()
  await expect.poll(() => audio.evaluate((el) => (el as unknown as { currentTime: number }).currentTime)).toBeGreaterThanOrEqual(3.5)
  // from the hit's start, not later than the passage's end
  expect(await audio.evaluate((el) => (el as unknown as { currentTime: number }).currentTime)).toBeLessThan(5.5)
  for (const size of SIZES) {
    await resizeTo(page, { width: size.width, height: size.height })
    await shot(page, `recordings-search-${size.name}`)
  }
})

test('a corrected segment is marked, kept, searchable, and can be reverted', async ({ page }) => {
  const studio = new AudioStudioPage(page)
  await studio.signIn(env.gateway.loginUrl)
  await studio.open()
  const view = await studio.openRecording('Harbour meeting')
  await view.getByRole('button', { name: 'Edit segment at 0:03' }).click()
  await view.getByLabel('Text of the segment at 0:03').fill('The airship budget is approved.')
  await view.getByRole('button', { name: 'Save', exact: true }).click()
  const segments = view.getByRole('list', { name: 'Segments' })
  await expect(segments).toContainText('The airship budget is approved.')
  await expect(segments.getByText('edited')).toBeVisible()
  await view.getByRole('button', { name: 'Edit segment at 0:03' }).scrollIntoViewIfNeeded()
  await shot(page, 'recordings-segment-edited')

  const srt = await (await fetch(`${env.gateway.url}/admin/recordings/${recordingId}/export?format=srt`, { headers: adminHeaders() })).text()
  expect(srt).toContain('00:00:03,500 --> 00:00:05,500\nThe airship budget is approved.')

  await view.getByRole('button', { name: 'Revert segment at 0:03' }).click()
  await expect(segments).toContainText('The zeppelin budget is approved.')
  await expect(segments.getByText('edited')).toHaveCount(0)
})

test('a watch folder set in Settings lists the files dropped into it with their progress', async ({ page }) => {
  const folder = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-watch-'))
  // removed at the end: the gateway copes with a watch folder that has gone
  try {
    const studio = new AudioStudioPage(page)
    await studio.signIn(env.gateway.loginUrl)
    await studio.goTo('Settings')
    const section = page.getByRole('region', { name: 'Watch folders' })
    await section.getByRole('textbox', { name: 'Folder' }).fill(folder)
    await section.getByRole('button', { name: 'Watch', exact: true }).click()
    await expect(section.getByRole('list', { name: 'Watched folders' })).toContainText(folder)
    writeFileSync(join(folder, 'voice-note.wav'), Buffer.concat([wavHeader(32000, 16000), Buffer.alloc(32000)]))
    await section.getByRole('button', { name: 'Check now' }).click()
    await expect(section.getByRole('list', { name: 'Files of the watch folders' })).toContainText('voice-note.wav')
    for (const size of SIZES) {
      await resizeTo(page, { width: size.width, height: size.height })
      await section.scrollIntoViewIfNeeded()
      await shot(page, `watch-folders-${size.name}`)
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})

test('Summarize streams a summary from a chat model and keeps it with the recording', async ({ page }) => {
  const studio = new AudioStudioPage(page)
  await studio.signIn(env.gateway.loginUrl)
  await studio.open()
  const view = await studio.openRecording('Harbour meeting')
  // the recording goes to a team (whose keys then see it, and whose credits pay for its summary)
  await view.getByLabel('Belongs to').selectOption({ label: 'team default' })
  await expect
    .poll(async () => ((await (await fetch(`${env.gateway.url}/admin/recordings/${recordingId}`, { headers: adminHeaders() })).json()) as { team_id: string | null }).team_id)
    .not.toBeNull()
  await view.getByLabel('Chat model').selectOption('gpt-echo')
  await view.getByRole('button', { name: 'Summarize' }).click()
  // the fake upstream echoes the prompt: the transcript's lines, with their times, come back as the summary
  const kept = view.getByLabel('Kept summary')
  await expect(kept).toContainText('[0:03] The zeppelin budget is approved.')
  await expect(kept).toContainText('gpt-echo')
  await expect(view.getByRole('button', { name: 'Regenerate' })).toBeVisible()
  await kept.scrollIntoViewIfNeeded()
  await shot(page, 'recordings-summary')
  const rec = (await (await fetch(`${env.gateway.url}/admin/recordings/${recordingId}`, { headers: adminHeaders() })).json()) as { summary: { model: string } | null }
  expect(rec.summary?.model).toBe('gpt-echo')
})
