import { expect, test } from '@playwright/test'
import { gatewayPerFile } from './fixtures/file-gateway'
import { TEAM_KEY } from './fixtures/headless-gateway'
import { PlaygroundPage } from './pages/playground-page'
import { axeViolations } from './support/a11y'
import { resizeTo, shot, SIZES, THEMES, useTheme } from './support/layout'

test.use({ bypassCSP: true })
const env = gatewayPerFile()

test.beforeAll(async () => {
  // A few requests: two models, and one that fails over to gpt-echo (which answers, so counts for it), with tags.
  const ask = (model: string, content: string, metadata?: Record<string, string>) =>
    fetch(`${env.gateway.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify({ model, messages: [{ role: 'user', content }], ...(metadata ? { metadata } : {}) }) })
  for (const [model, text] of [['gpt-echo', 'one'], ['gpt-mirror', 'two'], ['gpt-echo', 'three'], ['gpt-mirror', 'four'], ['gpt-flaky', 'five']] as const) {
    expect((await ask(model, text, { project: model === 'gpt-mirror' ? 'harbour' : 'dock' })).status).toBe(200)
  }
})

test('charts after a few requests, the log filtered by model, attempts with their errors, CSV, and a guarded take-back', async ({ page }) => {
  const app = new PlaygroundPage(page)
  await app.signIn(env.gateway.loginUrl)
  await app.goTo('Usage')
  await expect(page.getByTestId('usage-requests')).toHaveText('5')
  for (const title of ['Requests', 'Tokens', 'Credits', 'Latency (mean)']) {
    const chart = page.getByRole('figure', { name: title })
    await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /gpt-echo/)
    await expect(chart.locator('canvas')).toBeVisible()
  }
  await expect(page.getByRole('figure', { name: 'Requests' }).getByRole('img')).toHaveAttribute('aria-label', /gpt-echo 3, gpt-mirror 2/)
  await shot(page, 'usage-charts')

  const log = page.getByRole('region', { name: 'Usage log' })
  await expect(log.getByRole('row')).toHaveCount(6)
  await page.getByLabel('Model', { exact: true }).selectOption('gpt-mirror')
  await expect(log.getByRole('row')).toHaveCount(3)
  for (const row of await log.getByRole('row').all()) if (!(await row.getByRole('columnheader').count())) await expect(row).toContainText('gpt-mirror')
  await expect(page.getByTestId('usage-requests')).toHaveText('2')
  await shot(page, 'usage-filtered-by-model')

  // The request that fell over: its first attempt and the error it met.
  await page.getByLabel('Model', { exact: true }).selectOption('gpt-flaky')
  await expect(log.getByRole('row')).toHaveCount(2)
  await log.getByRole('button', { name: /attempts? of req_/ }).click()
  await expect(log.locator('.attempts')).toContainText(/gpt-flaky · 50\d/)
  await expect(log.locator('.attempts')).toContainText('gpt-echo · 200')
  await page.getByLabel('Model', { exact: true }).selectOption('')
  await page.getByLabel('Tags').fill('project=harbour')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(log.getByRole('row')).toHaveCount(3)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await (await download).createReadStream()
  let text = ''
  for await (const chunk of csv) text += chunk
  expect(text.split('\n')[0]).toMatch(/^created_at,id,endpoint/)
  expect(text.trim().split('\n')).toHaveLength(3)

  const balance = Number((await page.getByTestId('usage-balance').innerText()).replace(/,/g, ''))
  await page.getByLabel('Add credits').fill(String(-(balance + 10)))
  const takeBack = page.getByRole('button', { name: 'Take back' })
  await expect(takeBack).toBeDisabled()
  await expect(page.getByText(/below zero/)).toBeVisible()
  await shot(page, 'usage-take-back-confirm')
  await page.getByLabel(/Do it anyway/).check()
  await takeBack.click()
  await expect(page.getByTestId('usage-balance')).toHaveText('-10')
})

test('the usage page has no axe violations at any size, in light and dark', async ({ page }) => {
  const app = new PlaygroundPage(page)
  await app.signIn(env.gateway.loginUrl)
  await app.goTo('Usage')
  await expect(page.getByRole('figure', { name: 'Requests' }).locator('canvas')).toBeVisible()
  for (const size of SIZES) {
    await resizeTo(page, size)
    for (const theme of THEMES) {
      await useTheme(page, theme)
      expect.soft(await axeViolations(page), `usage, ${theme}, ${size.width}`).toEqual([])
    }
    await shot(page, `usage-${size.width}x${size.height}`)
    await useTheme(page, 'light')
  }
})
