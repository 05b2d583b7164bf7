import { expect, test } from '@playwright/test'
import { type FakeHuggingFace, startFakeHuggingFace } from '../test/support/fake-hugging-face'
import { TEST_LLAMA_MODEL } from '../test/support/llama-models'
import { gatewayPerFile } from './fixtures/file-gateway'
import { e2eConfig } from './fixtures/headless-gateway'
import { ModelsPage } from './pages/models-page'
import { PlaygroundPage } from './pages/playground-page'
import { axeViolations } from './support/a11y'
import { SIZES, outsideWindow, resizeTo, shot, sidewaysOverflow } from './support/layout'

/** The model manager against a loopback Hugging Face: search, the quant list with fit verdicts, the chat template, a download to installed; the engine panel. */
const REPO = 'tests-karpathy/stories260K-GGUF'
// axe is injected as a script, which the page's CSP would refuse.
test.use({ bypassCSP: true })
let hub: FakeHuggingFace
test.beforeAll(async () => {
  hub = await startFakeHuggingFace([
    { id: REPO, tags: ['gguf', 'text-generation'], downloads: 12345, files: [
      { path: 'stories260K-Q8_0.gguf', source: TEST_LLAMA_MODEL },
      { path: 'stories260K-F32.gguf', source: TEST_LLAMA_MODEL },
    ] },
  ])
})
test.afterAll(async () => hub?.close())
const env = gatewayPerFile((upstreamUrl) => ({ ...e2eConfig(upstreamUrl), engines: { hub_endpoint: hub.url } }))

test('finds a GGUF on the hub, shows its quantizations with fit verdicts and chat template, downloads one, and shows the engine', async ({ page }) => {
  const playground = new PlaygroundPage(page)
  await playground.signIn(env.gateway.loginUrl)
  await playground.goTo('Models')
  await new ModelsPage(page).openSection('Model manager')

  const engine = page.getByTestId('engine-panel')
  await expect(engine).toContainText('llama.cpp runs on CPU')
  await expect(page.getByTestId('engine-reason')).toContainText('GPU')

  await page.getByRole('searchbox', { name: 'Search Hugging Face' }).fill('stories')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('button', { name: new RegExp(REPO) }).click()
  const files = page.getByRole('region', { name: `Files of ${REPO}` })
  const q8 = files.getByRole('row', { name: /stories260K-Q8_0\.gguf/ })
  await expect(q8).toContainText('Q8_0')
  await expect(q8).toContainText('1.1 MB')
  await expect(q8).toContainText('fits in RAM')
  await expect(files.getByRole('row', { name: /F32/ })).toContainText('fits in RAM')
  await page.getByText(/^Chat template/).click()
  await expect(page.getByTestId('template-sample')).toContainText('capital of France')

  expect(await axeViolations(page)).toEqual([])
  for (const size of SIZES) {
    await resizeTo(page, { width: size.width, height: size.height })
    expect(await sidewaysOverflow(page)).toEqual({ document: 0, main: 0 })
    expect(await outsideWindow(page)).toEqual([])
    await shot(page, `hub-models-${size.name}`)
    await files.scrollIntoViewIfNeeded()
    await shot(page, `hub-models-files-${size.name}`)
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0))
  }

  await q8.getByRole('button', { name: 'Download stories260K-Q8_0.gguf' }).click()
  await expect(q8).toContainText('installed')
  await expect(page.getByRole('row', { name: /stories260K-Q8_0/ }).first()).toBeVisible()
  expect(hub.requests.some((r) => r.path.endsWith('/stories260K-Q8_0.gguf') && r.range === null)).toBe(true)
})
