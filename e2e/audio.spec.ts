import { expect, test } from './fixtures/test'

test('the Audio page speaks text with the offline voice and plays it', async ({ playground, page, snap }) => {
  await playground.goTo('Audio')
  await expect(page.getByLabel('Speech model')).toHaveValue('voice')
  await page.getByLabel('Text', { exact: true }).fill('Hello from the gateway.')
  await page.getByRole('button', { name: 'Speak' }).click()
  const player = page.locator('audio[aria-label="Generated speech"]')
  await expect(player).toBeVisible({ timeout: 30_000 })
  const duration = await player.evaluate(async (el) => {
    const audio = el as unknown as { duration: number; readyState: number; addEventListener(t: string, f: () => void): void }
    if (audio.readyState < 1) await new Promise<void>((r) => audio.addEventListener('loadedmetadata', () => r()))
    return audio.duration
  })
  expect(duration).toBeGreaterThan(0.3)
  await snap('audio-speech')
})
