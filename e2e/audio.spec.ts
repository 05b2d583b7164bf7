import { expect, test } from './fixtures/test'

test('speech: pick voice, speed and format, speak, play it in the studio player, find it in the history', async ({ playground, page, snap }) => {
  await playground.goTo('Audio')
  await page.getByRole('tab', { name: 'Speech' }).click()
  await expect(page.getByLabel('Speech model')).toHaveValue('voice')
  await page.getByLabel('Voice').selectOption('echo')
  await page.getByLabel(/^Speed/).fill('1.5')
  await page.getByLabel('Format').selectOption('wav')
  await page.getByLabel('Text', { exact: true }).fill('Hello from the gateway.')
  await page.getByRole('button', { name: 'Speak' }).click()
  const player = page.locator('audio[aria-label="Generated speech"]')
  await expect(player).toBeVisible({ timeout: 30_000 })
  const played = await player.evaluate(async (el) => {
    const audio = el as unknown as { duration: number; currentTime: number; readyState: number; muted: boolean; play(): Promise<void>; addEventListener(t: string, f: () => void): void }
    if (audio.readyState < 1) await new Promise<void>((r) => audio.addEventListener('loadedmetadata', () => r()))
    audio.muted = true
    await audio.play()
    await new Promise((r) => setTimeout(r, 400))
    return { duration: audio.duration, currentTime: audio.currentTime }
  })
  expect(played.duration).toBeGreaterThan(0.3)
  expect(played.currentTime).toBeGreaterThan(0)
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible()
  const history = page.getByRole('region', { name: 'Speech history' })
  await expect(history.getByRole('button', { name: /Hello from the gateway\./ })).toContainText(/just now · 0:0\d/)
  await snap('audio-speech')
})
