import { expect, test, type Page } from '@playwright/test'
import { gatewayPerFile } from './fixtures/file-gateway'
import { TEAM_KEY } from './fixtures/headless-gateway'
import { PlaygroundPage } from './pages/playground-page'
import { axeViolations, unreachableByKeyboard } from './support/a11y'
import { cellsUnderStickyActions, outsideWindow, resizeTo, shot, sidewaysOverflow, SIZES, THEMES, useTheme } from './support/layout'

test.use({ bypassCSP: true })

/** Every page, by its address; each has rows with actions once the setup below has run. */
const PAGES = ['playground', 'files', 'collections', 'audio', 'keys', 'teams', 'models', 'local-models', 'agents', 'usage', 'settings'] as const

const env = gatewayPerFile()
test.beforeAll(async () => {
  // Rows for every table: an admin-made provider and model (editable), an agent, a file, usage.
  const admin = { authorization: `Bearer ${new URL(env.gateway.loginUrl).searchParams.get('token')}`, 'content-type': 'application/json' }
  const post = async (path: string, body: unknown, headers: Record<string, string> = admin) => {
    const res = await fetch(`${env.gateway.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300)
  }
  await post('/admin/providers', { id: 'spare', type: 'openai', base_url: `${env.upstream.url}/v1`, api_key: 'sk-spare' })
  await post('/admin/models', { name: 'spare-model-with-a-rather-long-name', provider: 'spare', upstream: 'mirror-small', aliases: ['spare'], pricing: { input: 10, output: 20 } })
  await post('/admin/agents', { name: 'harbour-pilot', model: 'gpt-echo', system_prompt: 'You steer ships into the harbour, slowly and carefully, whatever the weather.', params: { temperature: 0.3 } })
  await post('/v1/chat/completions', { model: 'harbour-pilot', messages: [{ role: 'user', content: 'hi' }] }, { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' })
  // An MCP server for the default team (the gateway's own /mcp), so Settings lists one and the playground's tools panel offers it.
  await post('/admin/mcp-servers', { label: 'gatehouse-self', url: `${env.gateway.url}/mcp`, headers: { authorization: `Bearer ${TEAM_KEY}` }, teams: [{ team: 'default' }] })
  const form = new FormData()
  form.append('purpose', 'batch')
  form.append('file', new Blob(['{"custom_id":"a","method":"POST","url":"/v1/chat/completions","body":{"model":"gpt-echo","messages":[]}}\n']), 'requests-with-a-long-file-name.jsonl')
  expect((await fetch(`${env.gateway.url}/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}` }, body: form })).status).toBe(200)
})

async function open(page: Page, id: (typeof PAGES)[number]) {
  await page.goto(`${env.gateway.url}/#/${id}`)
  await expect(page.locator(`main#main.page-${id}`)).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0)
}

/** Every enabled action in a table row can be clicked where it is (Playwright's actionability checks, without clicking). */
async function tableActionsClickable(page: Page, where: string) {
  const buttons = page.locator('td.row-actions button:enabled')
  const n = await buttons.count()
  for (let i = 0; i < n; i++) {
    const b = buttons.nth(i)
    const name = (await b.getAttribute('aria-label')) ?? (await b.innerText())
    const error = await b.click({ trial: true, timeout: 3000 }).then(() => '', (e: Error) => e.message.split('\n')[0])
    expect.soft(error, `${where}: ${name}`).toBe('')
  }
  return n
}

for (const size of SIZES) {
  test(`at ${size.width}x${size.height}: no page scrolls sideways, every table action is clickable, axe finds nothing in light and dark`, async ({ page }) => {
    await resizeTo(page, size)
    const playground = new PlaygroundPage(page)
    await playground.signIn(env.gateway.loginUrl)
    await playground.pickModel('gpt-echo')
    await playground.send('Markdown please')
    await playground.waitForAnswer()
    let actions = 0
    for (const id of PAGES) {
      await open(page, id)
      const overflow = await sidewaysOverflow(page)
      expect.soft(overflow.document, `${id}: document.documentElement.scrollWidth - innerWidth`).toBeLessThanOrEqual(0)
      expect.soft(overflow.main, `${id}: the main area scrolls sideways`).toBeLessThanOrEqual(0)
      expect.soft(await outsideWindow(page), `${id}: elements outside the window`).toEqual([])
      actions += await tableActionsClickable(page, `${id} at ${size.width}`)
      if (id === 'settings') {
        for (const section of ['MCP servers', 'Ollama keyless access']) await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible()
        await expect(page.getByRole('list', { name: 'MCP servers' }).getByText('gatehouse-self')).toBeVisible()
      }
      for (const theme of THEMES) {
        await useTheme(page, theme)
        expect.soft(await axeViolations(page), `axe on ${id}, ${theme}, ${size.width}x${size.height}`).toEqual([])
        await shot(page, `layout-${id}-${size.width}x${size.height}-${theme}`)
        if (id === 'settings') {
          await page.getByRole('heading', { name: 'MCP servers', level: 2 }).scrollIntoViewIfNeeded()
          await shot(page, `layout-settings-mcp-${size.width}x${size.height}-${theme}`)
        }
      }
      await useTheme(page, 'light')
    }
    expect(actions).toBeGreaterThan(10)
  })
}

test('the playground\'s Tools tab (MCP servers) and Parameters (the Responses API switch) fit and pass axe at every width, light and dark', async ({ page }) => {
  const playground = new PlaygroundPage(page)
  await playground.signIn(env.gateway.loginUrl)
  for (const size of SIZES) {
    await resizeTo(page, size)
    await open(page, 'playground')
    const settings = page.getByRole('complementary', { name: 'Request settings' })
    if (!(await settings.isVisible())) await page.getByRole('button', { name: 'Show or hide request settings' }).click()
    for (const tab of ['Parameters', 'Tools'] as const) {
      await playground.openSettingsTab(tab)
      if (tab === 'Tools') await expect(settings.getByRole('group', { name: 'MCP servers' }).getByRole('checkbox', { name: 'gatehouse-self' })).toBeVisible()
      else await expect(settings.getByLabel('API', { exact: true })).toBeVisible()
      expect.soft(await outsideWindow(page), `${tab} at ${size.width}: elements outside the window`).toEqual([])
      for (const theme of THEMES) {
        await useTheme(page, theme)
        expect.soft(await axeViolations(page), `axe on the ${tab} tab, ${theme}, ${size.width}`).toEqual([])
        await shot(page, `playground-${tab.toLowerCase()}-tab-${size.width}x${size.height}-${theme}`)
      }
      await useTheme(page, 'light')
    }
  }
})

test('the side panels fold at any width; below 1000 px they are drawers; axe finds nothing in them', async ({ page }) => {
  const playground = new PlaygroundPage(page)
  await resizeTo(page, { width: 1400, height: 900 })
  await playground.signIn(env.gateway.loginUrl)
  const settings = page.getByRole('complementary', { name: 'Request settings' })
  await expect(settings).toBeVisible()
  await page.getByRole('button', { name: 'Show or hide request settings' }).click()
  await expect(settings).toHaveCount(0)
  await page.getByRole('button', { name: 'Show or hide request settings' }).click()
  await expect(settings).toBeVisible()

  for (const size of SIZES.filter((s) => s.width < 1000)) {
    await resizeTo(page, size)
    await expect(settings).toHaveCount(0)
    await page.getByRole('button', { name: 'Show or hide request settings' }).click()
    await expect(settings).toBeInViewport()
    await expect(settings.getByRole('button', { name: 'Hide request settings' })).toBeFocused()
    await playground.setParam('Temperature', '0.5')
    expect.soft(await axeViolations(page), `axe on the settings drawer at ${size.width}`).toEqual([])
    await shot(page, `drawer-settings-${size.width}x${size.height}`)
    await page.keyboard.press('Escape')
    await expect(settings).toHaveCount(0)
    await page.getByRole('button', { name: 'Show or hide conversations' }).click()
    await expect(playground.conversations).toBeInViewport()
    expect.soft(await axeViolations(page), `axe on the conversations drawer at ${size.width}`).toEqual([])
    await playground.conversations.getByRole('button', { name: 'Close conversations' }).click()
    await expect(playground.conversations).toHaveCount(0)
  }
  await resizeTo(page, { width: 390, height: 844 })
  await page.getByRole('button', { name: 'Open navigation' }).click()
  await expect(playground.nav).toBeInViewport()
  expect.soft(await axeViolations(page), 'axe on the navigation drawer').toEqual([])
  await shot(page, 'drawer-navigation-390x844')
  await playground.nav.getByRole('link', { name: 'Keys' }).click()
  await expect(page.getByRole('heading', { name: 'Keys', level: 1 })).toBeVisible()
  await expect(playground.nav).toHaveCount(0)
})

test('the skip link focuses the main area of the page it is on, without leaving it', async ({ page }) => {
  const playground = new PlaygroundPage(page)
  await playground.signIn(env.gateway.loginUrl)
  for (const id of ['keys', 'models', 'playground'] as const) {
    await open(page, id)
    await page.reload()
    await expect(page.locator(`main#main.page-${id}`)).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('main#main')).toBeFocused()
    await expect(page.locator('main#main')).toHaveClass(new RegExp(`page-${id}`))
    expect(page.url()).toMatch(new RegExp(`#/${id}$`))
  }
})

test('the new pages are reachable with Tab alone', async ({ page }) => {
  const playground = new PlaygroundPage(page)
  await playground.signIn(env.gateway.loginUrl)
  for (const id of ['models', 'local-models', 'agents'] as const) {
    await open(page, id)
    expect.soft(await unreachableByKeyboard(page), `keyboard on ${id}`).toEqual([])
  }
})

test('issue 22: below their width tables become cards that keep the column explaining each row', async ({ page }) => {
  await resizeTo(page, { width: 390, height: 844 })
  const playground = new PlaygroundPage(page)
  await playground.signIn(env.gateway.loginUrl)
  await open(page, 'keys')
  // A key's status (why "Rotate" may be disabled) is on screen beside its actions.
  const status = page.getByRole('region', { name: 'Keys table' }).getByRole('cell').filter({ hasText: /^(active|deprecated|revoked|expired)/ }).first()
  await expect(status).toBeInViewport()
  await open(page, 'models')
  const url = page.getByRole('region', { name: 'Providers table' }).getByRole('cell', { name: /http:\/\/127\.0\.0\.1/ }).first()
  expect((await url.boundingBox())!.width, 'the URL gets the card width, not three characters').toBeGreaterThan(200)
  await resizeTo(page, { width: 900, height: 700 })
  await open(page, 'models')
  // Scroll the page to the table, not the table to the box: the box must be in view without sideways scrolling.
  await page.getByRole('region', { name: 'Models table' }).evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await expect(page.getByRole('checkbox', { name: /^gpt-echo enabled for/ })).toBeInViewport()
  // At 900 px no column (the Models table's Pricing was) hides under the pinned actions column, on any page.
  for (const id of PAGES) {
    await open(page, id)
    expect.soft(await cellsUnderStickyActions(page), `${id} at 900: cells under the sticky actions column`).toEqual([])
  }
})
