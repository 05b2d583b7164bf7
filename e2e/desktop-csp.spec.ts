import { contentSecurityPolicy } from '../src/main/window/web-security'
import { expect, test } from './fixtures/test'
import { PlaygroundPage } from './pages/playground-page'
import type { PageName } from './pages/app-shell'

/**
 * The desktop window adds this Content-Security-Policy to every gateway response. Here the same header
 * is added to the headless gateway's pages in Chromium, and every page is walked: the app must work
 * under it with not one violation (no inline script or style, no eval, nothing from elsewhere).
 */
const PAGES: PageName[] = ['Playground', 'Files', 'Audio', 'Keys', 'Models', 'Usage', 'Settings']

test('the whole app runs under the desktop window\'s CSP without a single violation', async ({ page, gateway }) => {
  const csp = contentSecurityPolicy()
  const playground = new PlaygroundPage(page)
  await playground.signIn(gateway.loginUrl)
  const withCsp: string[] = []
  await page.route(`${gateway.url}/**`, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 })
    withCsp.push(new URL(route.request().url()).pathname)
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } })
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`))
  })
  await page.goto(`${gateway.url}/`)
  await expect(playground.nav).toBeVisible()
  expect(withCsp[0]).toBe('/')
  await playground.pickModel('gpt-echo')
  await playground.send('Hello under a strict CSP')
  await playground.waitForAnswer()
  for (const name of PAGES) {
    await playground.goTo(name)
    await page.waitForLoadState('networkidle')
  }
  // the check itself: an inline style is a violation it reports
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
  await page.evaluate(() => document.body.setAttribute('style', 'color: red'))
  await expect.poll(() => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations.length)).toBe(1)
})
