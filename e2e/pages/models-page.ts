import { expect, type Locator, type Page } from '@playwright/test'

/** The Models pages: providers and models, the model manager, agents. */
export class ModelsPage {
  constructor(readonly page: Page) {}

  async openSection(name: 'Providers and models' | 'Model manager' | 'Agents') {
    await this.page.getByRole('navigation', { name: 'Models sections' }).getByRole('link', { name }).click()
    await expect(this.page.getByRole('navigation', { name: 'Models sections' }).getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
  }

  get addProviderDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add a provider' })
  }

  /** Fills the add-provider form and tests the connection; returns the dialog. */
  async fillProvider(opts: { baseUrl: string; apiKey: string; name?: string }) {
    const d = this.addProviderDialog
    await expect(d).toBeVisible()
    await d.getByLabel('Base URL').fill(opts.baseUrl)
    await d.getByLabel('API key').fill(opts.apiKey)
    if (opts.name) await d.getByLabel('Provider name').fill(opts.name)
    await d.getByRole('button', { name: 'Test connection' }).click()
    return d
  }
}
