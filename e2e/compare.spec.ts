import { testOnFileGateway } from './fixtures/file-gateway'
import { expect } from './fixtures/test'
import { resizeTo } from './support/layout'

// One gateway for the file: every test starts from a fresh page, and reads only the upstream requests it caused.
const test = testOnFileGateway()

test('compare sends one prompt to two models at once and shows both answers with latency and cost', async ({ playground, page, upstream, snap }) => {
  await playground.pickModel('gpt-echo')
  await playground.setSystemPrompt('Answer in one line.')
  await playground.switchMode('Compare')
  const columns = page.getByTestId('compare-column')
  await expect(columns).toHaveCount(2)
  await playground.pickModel('gpt-echo', page.getByRole('combobox', { name: 'Model 1' }))
  await playground.pickModel('gpt-mirror', page.getByRole('combobox', { name: 'Model 2' }))
  await page.getByRole('textbox', { name: 'Prompt for every model' }).fill('Which model are you?')
  await page.getByRole('button', { name: 'Run all' }).click()

  await expect(columns.nth(0).getByTestId('compare-answer')).toHaveText('echo-large heard you say: Which model are you?')
  await expect(columns.nth(1).getByTestId('compare-answer')).toHaveText('mirror-small heard you say: Which model are you?')
  for (const i of [0, 1]) {
    const meta = columns.nth(i).getByTestId('answer-meta')
    await expect(meta).toContainText(/\d+ ms|\d+\.\d+ s/)
    await expect(meta.getByTestId('answer-cost')).toContainText('credits')
  }
  expect(upstream.requests.map((r) => r.model).sort()).toEqual(['echo-large', 'mirror-small'])
  for (const r of upstream.requests) expect(r.messages[0]).toEqual({ role: 'system', content: 'Answer in one line.' })
  await snap('compare-two-models')

  await columns.nth(1).getByRole('button', { name: 'Keep this answer' }).click()
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true')
  await expect(playground.lastAnswer).toContainText('mirror-small heard you say')
})

test('issue 22: compare renders Markdown as chat does, and at 1400 px with the settings panel open the columns stay side by side', async ({ playground, page }) => {
  await resizeTo(page, { width: 1400, height: 900 })
  await playground.switchMode('Compare')
  await expect(page.getByRole('complementary', { name: 'Request settings' })).toBeVisible()
  const columns = page.getByTestId('compare-column')
  await playground.pickModel('gpt-echo', page.getByRole('combobox', { name: 'Model 1' }))
  await playground.pickModel('gpt-mirror', page.getByRole('combobox', { name: 'Model 2' }))
  await page.getByRole('textbox', { name: 'Prompt for every model' }).fill('Markdown please')
  await page.getByRole('button', { name: 'Run all' }).click()
  for (const i of [0, 1]) {
    const answer = columns.nth(i).getByTestId('compare-answer')
    await expect(answer.getByRole('table')).toBeVisible()
    await expect(answer.locator('pre code')).toBeVisible()
    await expect(answer).not.toContainText('|---')
  }
  const [a, b] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()]
  expect(b!.y, 'the second column sits beside the first, not under it').toBe(a!.y)
  expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1)
})
