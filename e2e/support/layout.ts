import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { PHONE } from '../../src/renderer/src/lib/breakpoints'
import { SCREENSHOTS } from '../fixtures/test'
import type { BrowserGlobals } from './browser-types'

/** The window sizes the UI is held to: a phone, the desktop app's small window, a laptop. */
export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'small', width: 900, height: 700 },
  { name: 'laptop', width: 1400, height: 900 },
] as const

export const THEMES = ['light', 'dark'] as const

/**
 * Resizes the window and waits until the app has laid itself out for the new size. The shell and the side
 * panels follow media queries through React state, which changes a frame or two after the resize: measured at
 * once, a 390 px window could still have the desktop navigation beside the page and overflow by its width.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize({ width: size.width, height: size.height })
  await page.waitForFunction((phoneQuery) => {
    type El = { classList: { contains(c: string): boolean } }
    const g = globalThis as unknown as { matchMedia(q: string): { matches: boolean }; document: { querySelector(s: string): El | null } }
    if (!g.document.querySelector('.app')) return true
    const rail = g.document.querySelector('.nav-rail')
    const drawer = rail?.classList.contains('nav-drawer') ?? false
    return g.matchMedia(phoneQuery).matches ? !rail || drawer : !!rail && !drawer
  }, PHONE)
  // Two frames: state set from any other media query's change event has rendered and been laid out.
  await page.evaluate(() => new Promise<void>((done) => {
    const g = globalThis as unknown as { requestAnimationFrame(f: () => void): void }
    g.requestAnimationFrame(() => g.requestAnimationFrame(done))
  }))
}

/** The app follows the system theme by default; this switches it live, as the OS would. */
export async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.emulateMedia({ colorScheme: theme })
  await page.waitForFunction((t) => (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document.documentElement.dataset.theme === t, theme)
}

/**
 * How far the page scrolls sideways: the document (the criterion of issue 12) and the page's main area,
 * whose own scrolling would hide an overflow from the document. Tables may scroll inside their frame.
 */
export async function sidewaysOverflow(page: Page): Promise<{ document: number; main: number }> {
  return page.evaluate(() => {
    const g = globalThis as unknown as BrowserGlobals & { innerWidth: number; document: { documentElement: { scrollWidth: number }; getElementById(id: string): { scrollWidth: number; clientWidth: number } | null } }
    const main = g.document.getElementById('main')
    return { document: g.document.documentElement.scrollWidth - g.innerWidth, main: main ? main.scrollWidth - main.clientWidth : 0 }
  })
}

/**
 * Elements that stick out of the window sideways without a scrolling frame of their own to hold them:
 * what `scrollWidth` cannot see while the app frame clips its overflow. Each as `tag.class "text"`.
 */
export async function outsideWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type El = { parentElement: El | null; classList: { contains(c: string): boolean }; tagName: string; className: unknown; textContent: string | null; getBoundingClientRect(): { left: number; right: number; width: number; height: number } }
    const g = globalThis as unknown as { innerWidth: number; document: { body: El; querySelectorAll(s: string): ArrayLike<El> }; getComputedStyle(e: El): { overflowX: string } }
    const fits = (r: { left: number; right: number }) => r.left >= -1 && r.right <= g.innerWidth + 1
    const out: string[] = []
    for (const el of Array.from(g.document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect()
      if (!r.width || !r.height || fits(r)) continue
      let held = false
      for (let a = el.parentElement; a && a !== g.document.body; a = a.parentElement) {
        if (a.classList.contains('app') || g.getComputedStyle(a).overflowX === 'visible') continue
        if (fits(a.getBoundingClientRect())) held = true
        break
      }
      if (!held) out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${(el.textContent ?? '').trim().slice(0, 30)}"`)
    }
    return out
  })
}

export async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.mouse.move(0, 0)
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

/**
 * Cells a table's sticky actions column covers where the table is scrolled to: each as `table "cell text"`.
 * A table narrower than its frame covers none; a wider one hides its last columns under the actions.
 */
export async function cellsUnderStickyActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Box = { left: number; right: number; width: number }
    type El = { textContent: string | null; getBoundingClientRect(): Box; querySelectorAll(s: string): ArrayLike<El>; closest(s: string): El | null; getAttribute(n: string): string | null }
    const g = globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<El> }; getComputedStyle(e: El): { position: string } }
    const covered: string[] = []
    for (const row of Array.from(g.document.querySelectorAll('.table-wrap tr'))) {
      const cells = Array.from(row.querySelectorAll(':scope > td, :scope > th'))
      const sticky = cells.filter((c) => g.getComputedStyle(c).position === 'sticky')
      for (const s of sticky) {
        const a = s.getBoundingClientRect()
        for (const c of cells) {
          if (c === s || sticky.includes(c)) continue
          const b = c.getBoundingClientRect()
          if (b.width && b.right > a.left + 1 && b.left < a.right - 1) covered.push(`${c.closest('.table-wrap')?.getAttribute('aria-label') ?? 'table'} "${(c.textContent ?? '').trim().slice(0, 30)}"`)
        }
      }
    }
    return covered
  })
}
