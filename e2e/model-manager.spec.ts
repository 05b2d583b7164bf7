import { expect, test } from '@playwright/test'
import { gatewayPerFile } from './fixtures/file-gateway'
import { e2eConfig } from './fixtures/headless-gateway'
import { startModelMirror, VAD_TEST_MODEL, type ModelMirror } from './fixtures/model-mirror'
import { ModelsPage } from './pages/models-page'
import { PlaygroundPage } from './pages/playground-page'
import { shot } from './support/layout'

let mirror: ModelMirror
test.beforeAll(async () => {
  mirror = await startModelMirror({ 'ggml-silero-v6.2.0.bin': VAD_TEST_MODEL })
})
test.afterAll(async () => mirror?.close())
const env = gatewayPerFile((upstreamUrl) => ({ ...e2eConfig(upstreamUrl), engines: { models_mirror: mirror.url } }))

test('a model download from a loopback mirror shows its progress, pauses, resumes and reaches 100%', async ({ page }) => {
  const playground = new PlaygroundPage(page)
  await playground.signIn(env.gateway.loginUrl)
  await playground.goTo('Models')
  await new ModelsPage(page).openSection('Model manager')
  const row = page.getByRole('row', { name: /silero-v6\.2\.0/ })
  await expect(row).toContainText('not installed')
  await expect(row).toContainText('864.4 KB')
  await expect(page.getByRole('heading', { name: 'Speech to text (whisper.cpp)' })).toBeVisible()
  // Catalog kinds read as titles: the chat models' heading said "chat" (issue 22).
  await expect(page.getByRole('heading', { name: 'Chat (llama.cpp)', exact: true, level: 2 })).toBeVisible()
  // Every value the progress bar takes, as the page shows it.
  await page.evaluate(() => {
    const g = globalThis as unknown as { __progress: number[]; MutationObserver: new (cb: () => void) => { observe(n: unknown, o: object): void }; document: { body: unknown; querySelector(s: string): { getAttribute(n: string): string | null } | null } }
    g.__progress = []
    new g.MutationObserver(() => {
      const v = g.document.querySelector('[role=progressbar][aria-label="Download of silero-v6.2.0"]')?.getAttribute('aria-valuenow')
      if (v != null && g.__progress.at(-1) !== Number(v)) g.__progress.push(Number(v))
    }).observe(g.document.body, { subtree: true, childList: true, attributes: true })
  })

  await row.getByRole('button', { name: 'Download silero-v6.2.0' }).click()
  const bar = row.getByRole('progressbar', { name: 'Download of silero-v6.2.0' })
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(50)
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100)
  await expect(row).toContainText('Downloading')
  await shot(page, 'model-download-in-progress')

  await row.getByRole('button', { name: 'Pause silero-v6.2.0' }).click()
  await expect(row).toContainText('Paused at')
  await expect(row.getByRole('button', { name: 'Resume silero-v6.2.0' })).toBeVisible()
  await row.getByRole('button', { name: 'Resume silero-v6.2.0' }).click()
  await expect(row).toContainText('Downloading')
  mirror.release()

  await expect(bar).toHaveAttribute('aria-valuenow', '100')
  await expect(row).toContainText('Downloaded 100%')
  await expect(row).toContainText('installed')
  await expect(page.getByTestId('local-disk-use')).toHaveText('1 installed, 864.4 KB on disk.')
  const seen = await page.evaluate(() => (globalThis as unknown as { __progress: number[] }).__progress)
  expect(seen.at(-1)).toBe(100)
  expect(seen.some((v) => v > 0 && v < 100)).toBe(true)
  await shot(page, 'model-download-complete')

  await row.getByRole('button', { name: 'Delete silero-v6.2.0' }).click()
  await row.getByRole('button', { name: 'Confirm delete silero-v6.2.0' }).click()
  await expect(row).toContainText('not installed')
  expect(mirror.requests.filter((r) => r === 'GET /ggml-silero-v6.2.0.bin').length).toBe(2)
})
