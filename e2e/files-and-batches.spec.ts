import { expect, test } from '@playwright/test'
import { gatewayPerFile } from './fixtures/file-gateway'
import { PlaygroundPage } from './pages/playground-page'
import { axeViolations } from './support/a11y'
import { resizeTo, shot, SIZES, THEMES, useTheme } from './support/layout'

test.use({ bypassCSP: true })
const env = gatewayPerFile()

const line = (id: string, text: string) => JSON.stringify({ custom_id: id, method: 'POST', url: '/v1/chat/completions', body: { model: 'gpt-echo', messages: [{ role: 'user', content: text }] } })

test('a batch file is checked on upload, runs against the fake upstream with live progress, and its output opens', async ({ page }) => {
  const app = new PlaygroundPage(page)
  await app.signIn(env.gateway.loginUrl)
  await app.goTo('Files')
  await expect(page.getByRole('heading', { name: 'Files and batches' })).toBeVisible()

  // Dropped: a file whose second line is not a request is refused, with the line and the reason.
  const dropped = await page.evaluateHandle((text) => {
    const g = globalThis as unknown as { DataTransfer: new () => { items: { add(f: unknown): void } }; File: new (parts: string[], name: string) => unknown }
    const dt = new g.DataTransfer()
    dt.items.add(new g.File([text], 'broken.jsonl'))
    return dt
  }, `${line('a', 'one')}\n{"custom_id": "b", "method": "GET"}\n`)
  await page.getByTestId('files-drop').dispatchEvent('drop', { dataTransfer: dropped })
  await expect(page.getByRole('alert')).toContainText('broken.jsonl was not uploaded: Line 2:')
  await expect(page.getByRole('row', { name: /broken\.jsonl/ })).toHaveCount(0)

  await page.getByLabel('Files to upload').setInputFiles({ name: 'questions.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from([line('q1', 'What is a harbour?'), line('q2', 'Name a tide.'), line('q3', 'Why do ships float?')].join('\n') + '\n') })
  await expect(page.getByRole('list', { name: 'Uploads' })).toContainText('questions.jsonl')
  const row = page.getByRole('row', { name: /questions\.jsonl/ })
  await expect(row).toBeVisible()
  await shot(page, 'files-uploaded')

  await page.getByRole('button', { name: 'Run batch from questions.jsonl' }).click()
  const batch = page.getByRole('region', { name: 'Batches table' }).getByRole('row').nth(1)
  await expect(batch).toContainText(/validating|in progress|completed/)
  await expect(batch).toContainText('completed', { timeout: 30_000 })
  await expect(batch).toContainText('3 / 3')
  await shot(page, 'batches-completed')

  await batch.getByRole('button', { name: /^Open the output of batch_/ }).click()
  const viewer = page.getByRole('dialog')
  await expect(viewer).toContainText('"custom_id":"q1"')
  await expect(viewer).toContainText('"custom_id":"q3"')
  await expect(viewer).toContainText('Why do ships float?')
  await shot(page, 'batch-output')
  await page.keyboard.press('Escape')

  // The output file is listed under its own purpose.
  await page.getByLabel('Purpose').selectOption('batch_output')
  await expect(page.getByRole('row', { name: /_output\.jsonl|batch_/ }).first()).toBeVisible()
})

test('the files page has no axe violations at any size, in light and dark', async ({ page }) => {
  const app = new PlaygroundPage(page)
  await app.signIn(env.gateway.loginUrl)
  // Issue 22: opening the page in a new browser issues no key; the first upload does, named after the browser.
  const playgroundKeys = async () => {
    const res = await fetch(`${env.gateway.url}/admin/keys`, { headers: { authorization: `Bearer ${new URL(env.gateway.loginUrl).searchParams.get('token')}` } })
    return ((await res.json()) as { data: { name: string | null; status: string }[] }).data.filter((k) => k.name?.startsWith('Playground') && k.status === 'active')
  }
  const before = (await playgroundKeys()).length
  await app.goTo('Files')
  await expect(page.getByText(/None is issued yet/)).toBeVisible()
  expect((await playgroundKeys()).length).toBe(before)
  await page.getByLabel('Files to upload').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%\xff\xfe binary') })
  await expect(page.getByRole('list', { name: 'Uploads' })).toContainText('Uploaded')
  const after = await playgroundKeys()
  expect(after.length).toBe(before + 1)
  expect(after.at(-1)!.name).toMatch(/^Playground · Chrome on Linux · \d{4}-\d{2}-\d{2}$/)
  await expect(page.getByRole('region', { name: 'Batches table' })).toBeVisible()
  for (const size of SIZES) {
    await resizeTo(page, size)
    for (const theme of THEMES) {
      await useTheme(page, theme)
      expect.soft(await axeViolations(page), `files, ${theme}, ${size.width}`).toEqual([])
    }
    await shot(page, `files-${size.width}x${size.height}`)
    await useTheme(page, 'light')
  }
})
