import { expect, test, type Page } from '@playwright/test'
import { MARKDOWN_ANSWER } from './fixtures/fake-answers'
import { gatewayPerFile } from './fixtures/file-gateway'
import { PlaygroundPage } from './pages/playground-page'
import { resizeTo, shot, SIZES, THEMES, useTheme } from './support/layout'

// One gateway for the file: each test starts its own conversation.
const env = gatewayPerFile()
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

const clipboard = (page: Page) => page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())

test('a Markdown answer renders as such: a table, highlighted code with a working copy button, a link, math', async ({ page }) => {
  const playground = new PlaygroundPage(page)
  await playground.signIn(env.gateway.loginUrl)
  await playground.pickModel('gpt-echo')
  await playground.send('Markdown please')
  await playground.waitForAnswer()
  const answer = playground.lastAnswer.getByTestId('answer-text')
  await expect(answer.getByRole('table')).toContainText('gpt-mirror')
  await expect(answer.getByRole('columnheader', { name: 'credits' })).toBeVisible()
  await expect(answer.locator('pre code .hljs-keyword').first()).toHaveText('def')
  const link = answer.getByRole('link', { name: 'the docs' })
  await expect(link).toHaveAttribute('href', 'https://example.com/docs')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(answer.locator('.katex annotation')).toHaveText('x^2')
  await expect(answer.locator('strong')).toHaveText('summary')

  await answer.getByRole('button', { name: 'Copy python code' }).click()
  expect(await clipboard(page)).toBe('def square(x):\n    return x ** 2')
  await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible()
  await playground.lastAnswer.hover()
  await playground.lastAnswer.getByRole('button', { name: 'Copy assistant message' }).click()
  expect(await clipboard(page)).toBe(MARKDOWN_ANSWER)

  for (const size of SIZES) {
    await resizeTo(page, size)
    for (const theme of THEMES) {
      await useTheme(page, theme)
      await playground.lastAnswer.scrollIntoViewIfNeeded()
      await shot(page, `markdown-answer-${size.width}x${size.height}-${theme}`)
    }
  }
  await resizeTo(page, { width: 1400, height: 900 })
  await useTheme(page, 'light')

  // Raw shows the text as the model sent it.
  await playground.lastAnswer.hover()
  await playground.lastAnswer.getByRole('button', { name: 'Show this answer as raw text' }).click()
  await expect(answer.getByRole('table')).toHaveCount(0)
  await expect(answer).toContainText('| gpt-echo | 2 |')
  await playground.lastAnswer.getByRole('button', { name: 'Show this answer rendered' }).click()
  await expect(answer.getByRole('table')).toBeVisible()
  await expect(playground.lastAnswer.locator('time')).toHaveText(/\d{1,2}:\d{2}/)
})

test('a 429 turn offers Retry; the retried request carries one user turn', async ({ page }) => {
  const playground = new PlaygroundPage(page)
  await playground.signIn(env.gateway.loginUrl)
  await page.getByRole('button', { name: 'New conversation' }).first().click()
  await playground.pickModel('gpt-mirror')
  env.upstream.failNext(429)
  await playground.send('Count the stars')
  const failed = page.getByTestId('failed-turn')
  await expect(failed).toContainText('No answer from gpt-mirror')
  await expect(failed).toContainText('429 upstream_rate_limited')
  await expect(failed.getByRole('button', { name: 'Retry', exact: true })).toBeVisible()
  await expect(failed.getByRole('button', { name: 'Retry with another model' })).toBeVisible()
  await expect(failed.getByRole('button', { name: 'Edit' })).toBeVisible()
  await shot(page, 'failed-turn-429')

  // Nothing is sent behind the person's back: a new message waits until the failed one is settled.
  const before = env.upstream.requests.length
  await playground.send('Hello again?')
  await expect(page.getByRole('alert').filter({ hasText: 'retry it, edit it or discard it first' })).toBeVisible()
  await expect(playground.composer).toHaveValue('Hello again?')
  expect(env.upstream.requests.length).toBe(before)
  await playground.composer.fill('')

  await failed.getByRole('button', { name: 'Retry', exact: true }).click()
  expect(await playground.waitForAnswer()).toBe('mirror-small heard you say: Count the stars')
  await expect(failed).toHaveCount(0)
  const retried = env.upstream.requests.at(-1)!
  expect(retried.messages.filter((m) => m.role === 'user')).toEqual([{ role: 'user', content: 'Count the stars' }])
  await expect(page.getByTestId('message-user')).toHaveCount(1)

  // Retry with another model: the same single turn goes to the model picked.
  env.upstream.failNext(429)
  await playground.send('And the planets?')
  await failed.getByRole('button', { name: 'Retry with another model' }).click()
  await failed.getByRole('list', { name: 'Other models' }).getByRole('button', { name: 'gpt-echo' }).click()
  expect(await playground.waitForAnswer()).toBe('echo-large heard you say: And the planets?')
  expect(env.upstream.requests.at(-1)!.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Count the stars', 'And the planets?'])
})

test('a reload restores the model, the prompt, the parameters and the unsent draft', async ({ page }) => {
  const playground = new PlaygroundPage(page)
  await playground.signIn(env.gateway.loginUrl)
  await page.getByRole('button', { name: 'New conversation' }).first().click()
  await playground.pickModel('gpt-mirror')
  await playground.setSystemPrompt('Answer like a harbour master.')
  await playground.setParam('Temperature', '0.7')
  await playground.setParam('Max completion tokens', '300')
  await playground.send('Which berth?')
  await playground.waitForAnswer()
  await playground.composer.fill('A draft I have not sent yet')
  await page.reload()

  await expect(page.getByRole('combobox', { name: 'Model', exact: true })).toHaveValue('gpt-mirror')
  await expect(page.getByRole('textbox', { name: 'System prompt' })).toHaveValue('Answer like a harbour master.')
  await playground.openSettingsTab('Parameters')
  await expect(page.getByLabel('Temperature', { exact: true })).toHaveValue('0.7')
  await expect(page.getByLabel('Max completion tokens', { exact: true })).toHaveValue('300')
  await expect(playground.composer).toHaveValue('A draft I have not sent yet')
  await expect(playground.lastAnswer).toContainText('mirror-small heard you say: Which berth?')
  await shot(page, 'reload-restored')

  // The model that answered last is the default of a new conversation.
  await page.getByRole('button', { name: 'New conversation' }).first().click()
  await expect(page.getByRole('combobox', { name: 'Model', exact: true })).toHaveValue('gpt-mirror')
  await expect(playground.composer).toHaveValue('')
})
