import { expect, test } from '@playwright/test'
import { gatewayPerFile } from './fixtures/file-gateway'
import { e2eConfig } from './fixtures/headless-gateway'
import { fakeMicrophone } from './fixtures/fake-microphone'
import { narrowWhisperTestModel, TEST_WHISPER_MODEL } from '../src/gateway/engines/engine-test-support'
import { AudioStudioPage } from './pages/audio-studio-page'
import { PlaygroundPage } from './pages/playground-page'
import { SCREENSHOTS } from './fixtures/test'
import { axeViolations } from './support/a11y'
import { resizeTo, shot, SIZES, THEMES, useTheme } from './support/layout'

test.use({ launchOptions: fakeMicrophone(['Record and transcribe offline.', 'The words appear while the person speaks.']), bypassCSP: true })
const env = gatewayPerFile((upstreamUrl) => {
  const config = e2eConfig(upstreamUrl)
  return {
    ...config,
    // whisper-test has tiny's shape (a call of ~20 s of CPU, long enough to watch its progress); whisper-test-narrow
    // runs the same pipeline in about a second (narrowWhisperTestModel).
    models: [
      ...config.models,
      { name: 'whisper-test', provider: 'local', engine: 'whisper', file: TEST_WHISPER_MODEL },
      { name: 'whisper-test-narrow', provider: 'local', engine: 'whisper', file: narrowWhisperTestModel() },
      { name: 'gpt-audio', provider: 'fake', upstream: 'gpt-4o-audio-preview' },
    ],
  }
})

test.describe('with a microphone the person allows', () => {
  test.use({ permissions: ['microphone'] })

  test('record 5 s with the level meter moving, stop, find it in the history, transcribe it with progress, cancel, and transcribe again', async ({ page }) => {
    const studio = new AudioStudioPage(page)
    await studio.signIn(env.gateway.loginUrl)
    await studio.open()
    // The live transcript has its own test.
    await page.getByLabel('Live transcript').uncheck()
    await studio.recordButton.click()
    await expect(studio.stopButton).toBeVisible()
    const levels = new Set<number>()
    while ((await studio.seconds()) < 5) {
      levels.add(await studio.level())
      await page.waitForTimeout(150)
    }
    // The fake microphone speaks and pauses: the meter rises and falls.
    expect([...levels].filter((l) => l > 0).length).toBeGreaterThan(3)
    await expect(page.getByTestId('recorder-saved')).toContainText(/saved 0:0[3-9]/)
    await expect.poll(() => studio.level(), { timeout: 5000, intervals: [50] }).toBeGreaterThan(0.4)
    await page.screenshot({ path: `${SCREENSHOTS}/audio-recording.png` })
    await studio.stopButton.click()

    const item = studio.history.getByRole('button', { name: /^Recording / }).first()
    await expect(item).toBeVisible()
    await expect(item).toContainText(/0:0[5-9]/)
    const view = page.getByRole('region', { name: /^Recording Recording / })
    await expect(view.getByLabel(/^Play Recording/)).toBeVisible({ timeout: 15_000 })
    const duration = await view.locator('audio').evaluate(async (el) => {
      const audio = el as unknown as { duration: number; readyState: number; addEventListener(t: string, f: () => void): void }
      if (audio.readyState < 1) await new Promise<void>((r) => audio.addEventListener('loadedmetadata', () => r()))
      return audio.duration
    })
    expect(duration).toBeGreaterThan(4.5)

    await view.getByRole('button', { name: 'Transcribe', exact: true }).click()
    await expect(view.getByRole('progressbar', { name: 'Transcription progress' })).toBeVisible()
    await expect(view.getByRole('button', { name: 'Cancel' })).toBeVisible()
    await expect(view.getByTestId('transcribe-elapsed')).toContainText(/elapsed 0:0[1-9]/)
    await shot(page, 'audio-transcribing')
    // Cancel stops the engine's work (its worker), and the next call is served.
    await view.getByRole('button', { name: 'Cancel' }).click()
    await expect(view.getByText('Transcription cancelled.')).toBeVisible()
    await view.getByLabel('Model', { exact: true }).selectOption('whisper-test-narrow')
    await view.getByRole('button', { name: 'Transcribe', exact: true }).click()
    // The test model has no weights: it hears no words, and the page says so plainly.
    await expect(view.getByText('No speech detected')).toBeVisible({ timeout: 30_000 })
    await expect(view.getByTestId('transcribe-elapsed')).toContainText(/took/)
    await view.getByText('No speech detected').scrollIntoViewIfNeeded()
    await shot(page, 'audio-no-speech')
  })

  test('the live transcript listens while recording and says plainly when it heard no words', async ({ page }) => {
    const studio = new AudioStudioPage(page)
    await studio.signIn(env.gateway.loginUrl)
    await studio.open()
    await expect(page.getByLabel('Live transcript')).toBeChecked()
    await page.getByLabel('Live model').selectOption('whisper-test-narrow')
    await studio.recordButton.click()
    const live = page.getByLabel('Live transcript', { exact: true }).and(page.locator('.live-transcript'))
    await expect(live).toContainText('Listening')
    // Stopped before the first pause after 3 s, the recording is one piece: one request to the model.
    await expect.poll(() => studio.seconds(), { intervals: [50] }).toBeGreaterThanOrEqual(2)
    await studio.stopButton.click()
    await expect(live).toContainText('Listening')
    await expect(live).toHaveText('No speech detected.', { timeout: 30_000 })
    await shot(page, 'audio-live-no-speech')
  })

  test('the composer\'s microphone records a voice message and sends it as input_audio to a model that hears audio', async ({ page }) => {
    const playground = new PlaygroundPage(page)
    await playground.signIn(env.gateway.loginUrl)
    await playground.pickModel('gpt-audio')
    await page.getByRole('button', { name: 'Record a voice message' }).click()
    const stop = page.getByRole('button', { name: 'Stop the voice message' })
    await expect(stop).toHaveText('0:01', { timeout: 10_000 })
    await stop.click()
    const pending = page.getByRole('form', { name: 'New message' }).getByRole('list', { name: 'Attachments' })
    await expect(pending).toContainText('voice message.wav')
    await shot(page, 'composer-voice-message')
    await playground.send('Listen to this')
    expect(await playground.waitForAnswer()).toBe('I received 1 attachment: audio.')
    const parts = env.upstream.requests.at(-1)!.messages.at(-1)!.content as Array<{ type: string; input_audio?: { data: string; format: string } }>
    expect(parts.map((p) => p.type)).toEqual(['text', 'input_audio'])
    const wav = Buffer.from(parts[1]!.input_audio!.data, 'base64')
    expect([wav.toString('ascii', 0, 4), parts[1]!.input_audio!.format, wav.readUInt32LE(24)]).toEqual(['RIFF', 'wav', 16000])
    expect(wav.length).toBeGreaterThan(44 + 16000 * 2 * 0.9)
  })

  test('the studio has no axe violations at any size, in light and dark', async ({ page }) => {
    const studio = new AudioStudioPage(page)
    await studio.signIn(env.gateway.loginUrl)
    await studio.open()
    const first = studio.history.getByRole('button').first()
    if (await first.isVisible()) await first.click()
    for (const size of SIZES) {
      await resizeTo(page, size)
      for (const theme of THEMES) {
        await useTheme(page, theme)
        expect.soft(await axeViolations(page), `audio studio, ${theme}, ${size.width}`).toEqual([])
      }
      await shot(page, `audio-studio-${size.width}x${size.height}`)
      await useTheme(page, 'light')
    }
  })
})

test.describe('with the microphone refused', () => {
  test.use({ permissions: [] })

  test('says plainly that the microphone was refused, and records nothing', async ({ page }) => {
    const studio = new AudioStudioPage(page)
    await studio.signIn(env.gateway.loginUrl)
    await studio.open()
    await studio.recordButton.click()
    await expect(page.getByRole('alert')).toContainText('Microphone access was refused')
    await expect(studio.recordButton).toBeEnabled()
    await shot(page, 'audio-permission-refused')
  })
})
