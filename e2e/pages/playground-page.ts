import { expect, type Locator, type Page } from '@playwright/test'
import { AppShell } from './app-shell'

/** The playground, in the words a person would use: pick a model, write, send, stop, answer a tool call… */
export class PlaygroundPage extends AppShell {
  constructor(page: Page) {
    super(page)
  }

  get composer(): Locator {
    return this.page.getByRole('textbox', { name: 'Message', exact: true })
  }
  get sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Send', exact: true })
  }
  get stopButton(): Locator {
    return this.page.getByRole('button', { name: 'Stop', exact: true })
  }
  get assistantMessages(): Locator {
    return this.page.getByTestId('message-assistant')
  }
  get lastAnswer(): Locator {
    return this.assistantMessages.last()
  }
  get conversations(): Locator {
    return this.page.getByRole('complementary', { name: 'Conversations' })
  }

  async pickModel(name: string, picker: Locator = this.page.getByRole('combobox', { name: 'Model', exact: true })) {
    await picker.click()
    await picker.fill(name)
    await this.page.getByRole('option', { name: new RegExp(`^${name}\\b`) }).first().click()
    await expect(picker).toHaveValue(name)
  }

  async setSystemPrompt(text: string) {
    await this.page.getByRole('textbox', { name: 'System prompt' }).fill(text)
  }

  async send(text: string) {
    await this.composer.fill(text)
    await this.sendButton.click()
  }

  /** Waits until no answer is streaming and returns the last answer's text. */
  async waitForAnswer(): Promise<string> {
    await expect(this.sendButton).toBeVisible({ timeout: 20_000 })
    await expect(this.lastAnswer.getByTestId('answer-meta')).toBeVisible()
    return (await this.lastAnswer.locator('.answer-text').first().innerText()).trim()
  }

  async openSettingsTab(name: 'Parameters' | 'Tools' | 'Output') {
    await this.page.getByRole('complementary', { name: 'Request settings' }).getByRole('tab', { name }).click()
  }

  async setParam(label: string, value: string) {
    await this.openSettingsTab('Parameters')
    const field = this.page.getByLabel(label, { exact: true })
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value)
    else await field.fill(value)
  }

  async setTools(json: string) {
    await this.openSettingsTab('Tools')
    await this.page.getByRole('textbox', { name: 'Tools' }).fill(json)
  }

  async setJsonSchema(name: string, schema: string) {
    await this.openSettingsTab('Output')
    await this.page.getByRole('radio', { name: 'JSON schema' }).check()
    await this.page.getByRole('textbox', { name: 'Schema name' }).fill(name)
    await this.page.getByRole('textbox', { name: 'Schema', exact: true }).fill(schema)
  }

  async openViewCode(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'View code' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'View code' })
    await expect(dialog).toBeVisible()
    return dialog
  }

  async switchMode(mode: 'Chat' | 'Compare') {
    await this.page.getByRole('tablist', { name: 'Playground mode' }).getByRole('tab', { name: mode }).click()
  }
}
