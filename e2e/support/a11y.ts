import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { BrowserElement, BrowserGlobals } from './browser-types'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export interface A11yViolation {
  id: string
  help: string
  nodes: string[]
}

/**
 * Runs axe-core (the engine behind Lighthouse's accessibility audit) with the WCAG 2.0/2.1 A and AA
 * rules, and returns what fails: one entry per rule with the offending elements. Needs `bypassCSP`.
 */
export async function axeViolations(page: Page): Promise<A11yViolation[]> {
  if (!(await page.evaluate(() => !!(globalThis as unknown as BrowserGlobals).axe))) await page.addScriptTag({ path: axePath })
  return page.evaluate(async () => {
    const g = globalThis as unknown as BrowserGlobals
    const r = await g.axe!.run(g.document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }))
  })
}

/**
 * Presses Tab once round the whole page and returns the visible, enabled controls focus never reached.
 * Tabs other than the selected one are left out (arrow keys move between them, per the ARIA tabs
 * pattern), and so are unchecked radios (arrow keys again).
 */
export async function unreachableByKeyboard(page: Page): Promise<string[]> {
  await controlsSettled(page)
  await page.evaluate(() => {
    const g = globalThis as unknown as BrowserGlobals & { __walkStart?: unknown }
    g.__walkStart = undefined
    g.__focused = new Set()
    g.document.addEventListener('focusin', (e) => g.__focused!.add(e.target), true)
    g.document.activeElement?.blur?.()
  })
  // Round the page until focus comes back to where the walk began: the page's own length, however many
  // controls render while the walk goes on.
  for (let i = 0; i < 800; i++) {
    await page.keyboard.press('Tab')
    const cycled = await page.evaluate(() => {
      const g = globalThis as unknown as BrowserGlobals & { __walkStart?: unknown }
      if (!g.__walkStart) g.__walkStart = g.document.activeElement
      else if (g.document.activeElement === g.__walkStart) return true
      return false
    })
    if (cycled) break
  }
  return page.evaluate(() => {
    const g = globalThis as unknown as BrowserGlobals
    const name = (el: BrowserElement) => el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent?.trim().slice(0, 40) ?? ''
    return Array.from(g.document.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"], [role="combobox"]'))
      .filter((el) => !el.disabled && el.getAttribute('tabindex') !== '-1' && el.checkVisibility({ checkVisibilityCSS: true }))
      .filter((el) => !(el.tagName === 'INPUT' && el.type === 'radio' && !el.checked))
      .filter((el) => !g.__focused!.has(el))
      .map((el) => `${el.tagName.toLowerCase()}[${name(el)}]`)
  })
}

/** Waits until the page's enabled, visible controls stop changing (data loaded, loading states gone). */
async function controlsSettled(page: Page): Promise<void> {
  let last = ''
  let steady = 0
  for (let i = 0; i < 50 && steady < 3; i++) {
    const now = await page.evaluate(() => {
      const g = globalThis as unknown as BrowserGlobals
      return Array.from(g.document.querySelectorAll('a[href], button, input, select, textarea'))
        .filter((el) => !el.disabled && el.checkVisibility({ checkVisibilityCSS: true }))
        .map((el) => el.tagName)
        .join(',')
    })
    steady = now === last ? steady + 1 : 0
    last = now
    await page.waitForTimeout(150)
  }
}
