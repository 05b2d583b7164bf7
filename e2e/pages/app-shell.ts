import { expect, type Locator, type Page } from '@playwright/test'

export type PageName = 'Playground' | 'Files' | 'Collections' | 'Audio' | 'Keys' | 'Teams' | 'Models' | 'Usage' | 'Settings'
export const ALL_PAGES: PageName[] = ['Playground', 'Files', 'Collections', 'Audio', 'Keys', 'Teams', 'Models', 'Usage', 'Settings']

/** The frame around every page: navigation and the gateway status bar. */
export class AppShell {
  constructor(readonly page: Page) {}

  /** Opens the login URL `serve` printed; the gateway sets the cookie and redirects to `/`. */
  async signIn(loginUrl: string) {
    await this.page.goto(loginUrl)
    await expect(this.page).toHaveURL(/\/(#.*)?$/)
    // The status bar is on every page at every width (on a phone the navigation is a drawer).
    await expect(this.page.getByRole('banner', { name: 'Gateway status' })).toBeVisible()
  }

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' })
  }

  async goTo(name: PageName) {
    await this.nav.getByRole('link', { name }).click()
    await expect(this.nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
  }

  get credits(): Locator {
    return this.page.getByTestId('credits-balance')
  }

  async creditsValue(): Promise<number> {
    return Number((await this.credits.innerText()).replace(/,/g, ''))
  }
}
