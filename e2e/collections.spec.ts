import { expect, test } from './fixtures/test'

const HANDBOOK = '# Office handbook\n\n## Parking\nStaff park in the north lot. Visitors park in the south lot next to the bakery.\n'

test('a collection made and filled on its page answers through the rag tool, with its sources under the answer', async ({ playground, page, upstream, snap }) => {
  await playground.goTo('Collections')
  await page.getByLabel('New collection').fill('handbook')
  await page.getByRole('button', { name: 'Create' }).click()
  const card = page.getByRole('listitem').filter({ hasText: 'handbook' })
  await card.getByLabel('Documents for handbook').setInputFiles({ name: 'handbook.md', mimeType: 'text/markdown', buffer: Buffer.from(HANDBOOK) })
  await expect(card.getByRole('region', { name: 'Documents of handbook' })).toContainText('handbook.md')
  await expect(card).toContainText('1 document · 1 chunk')
  await snap('collections-page')
  const id = (await card.locator('.mono').innerText()).trim()

  await playground.goTo('Playground')
  await playground.pickModel('gpt-echo')
  await playground.setTools(JSON.stringify([{ type: 'rag', rag: { mcp: { collection_uuid: id, top_n: 1 } } }]))
  await playground.send('Where do visitors park?')
  await playground.waitForAnswer()
  const sources = playground.lastAnswer.getByRole('region', { name: 'Sources' })
  await expect(sources).toContainText('handbook.md')
  const sent = upstream.requests.at(-1)!
  expect(sent.messages.find((m) => m.role === 'system')?.content).toContain('Visitors park in the south lot')
  expect(sent.tools).toBeUndefined()
  await page.mouse.move(0, 0)
  await snap('answer-with-sources')
})
