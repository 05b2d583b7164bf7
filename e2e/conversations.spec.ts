import { expect, test } from './fixtures/test'

test('a conversation is saved, found again after a reload, reopened, renamed and exported', async ({ playground, page, snap }) => {
  await playground.pickModel('gpt-mirror')
  await playground.setSystemPrompt('Be concise.')
  await playground.setParam('Temperature', '0.4')
  await playground.send('Plan a weekend in Porto')
  await playground.waitForAnswer()
  await playground.send('And one museum?')
  await playground.waitForAnswer()
  await expect(playground.conversations.getByRole('button', { name: /^Plan a weekend in Porto/ })).toBeVisible()

  await page.reload()
  await expect(playground.nav).toBeVisible()
  await expect(playground.composer).toBeVisible()
  // Issue 12: a reload now brings the open conversation back (it used to start empty); start a new one to find it again.
  await expect(playground.assistantMessages).toHaveCount(2)
  await page.getByRole('button', { name: 'New conversation' }).first().click()
  await expect(playground.assistantMessages).toHaveCount(0)
  await playground.conversations.getByRole('searchbox', { name: 'Search conversations' }).fill('museum')
  const item = playground.conversations.getByRole('button', { name: /^Plan a weekend in Porto/ })
  await expect(item).toBeVisible()
  await item.click()

  await expect(playground.assistantMessages).toHaveCount(2)
  await expect(page.getByRole('textbox', { name: 'System prompt' })).toHaveValue('Be concise.')
  await expect(page.getByRole('combobox', { name: 'Model', exact: true })).toHaveValue('gpt-mirror')
  await expect(page.getByLabel('Temperature', { exact: true })).toHaveValue('0.4')
  await expect(playground.lastAnswer).toContainText('mirror-small heard you say: And one museum?')

  await playground.conversations.getByRole('button', { name: 'Rename Plan a weekend in Porto' }).click()
  await playground.conversations.getByRole('textbox', { name: 'New title' }).fill('Porto trip')
  await page.keyboard.press('Enter')
  await expect(playground.conversations.getByRole('button', { name: /^Porto trip/ })).toBeVisible()

  const download = page.waitForEvent('download')
  await playground.conversations.getByRole('button', { name: 'Export Porto trip as MD (Markdown)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('Porto-trip.md')
  await snap('conversation-reopened')
})
