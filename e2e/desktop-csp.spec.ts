import { contentSecurityPolicy } from '../src/main/window/web-security'
import { expect, test } from './fixtures/test'
import { PlaygroundPage } from './pages/playground-page'
import { ALL_PAGES } from './pages/app-shell'

/**
 * The desktop window adds this Content-Security-Policy to every gateway response. Here the same header
 * is added to the headless gateway's pages in Chromium, and every page is walked: the app must work
 * under it with not one violation (no inline script or style, no eval, nothing from elsewhere).
 */
/** What the page callbacks touch (e2e/ is checked without the DOM lib). */
interface CspPage {
  cspViolations: string[]
  document: {
    addEventListener(type: 'securitypolicyviolation', listener: (e: { violatedDirective: string; blockedURI: string; sourceFile: string; lineNumber: number }) => void): void
    body: { setAttribute(name: string, value: string): void }
  }
}

test('the whole app runs under the desktop window\'s CSP without a single violation', async ({ page, gateway }) => {
  const csp = contentSecurityPolicy()
  const playground = new PlaygroundPage(page)
  await playground.signIn(gateway.loginUrl)
  await page.route(`${gateway.url}/**`, async (route) => {
    // Playwright's own HTTP client may reuse a keep-alive socket the server just closed: one retry
    const response = await route.fetch({ maxRedirects: 0 }).catch(() => route.fetch({ maxRedirects: 0 }))
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } })
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    const g = globalThis as unknown as CspPage
    g.cspViolations = seen
    g.document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`))
  })
  const document = await page.goto(`${gateway.url}/`)
  expect(await document!.headerValue('content-security-policy')).toBe(csp)
  await expect(playground.nav).toBeVisible()
  await playground.pickModel('gpt-echo')
  await playground.send('Hello under a strict CSP')
  await playground.waitForAnswer()
  for (const name of ALL_PAGES) {
    await playground.goTo(name)
    await page.waitForLoadState('networkidle')
  }
  // the check itself: an inline style is a violation it reports
  expect(await page.evaluate(() => (globalThis as unknown as CspPage).cspViolations)).toEqual([])
  await page.evaluate(() => (globalThis as unknown as CspPage).document.body.setAttribute('style', 'color: red'))
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as CspPage).cspViolations.length)).toBe(1)
  // The last page may still be fetching when the gateway closes after the test: those fetches are no longer the test's.
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})
