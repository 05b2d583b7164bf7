import { expect, type Locator, type Page } from '@playwright/test'
import { AppShell } from './app-shell'

/** The audio studio in a person's words: record, stop, open a recording, transcribe. */
export class AudioStudioPage extends AppShell {
  constructor(page: Page) {
    super(page)
  }

  async open() {
    await this.goTo('Audio')
    await expect(this.page.getByRole('heading', { name: 'Record', exact: true })).toBeVisible()
  }

  get recordButton(): Locator {
    return this.page.getByRole('button', { name: 'Record', exact: true })
  }
  get stopButton(): Locator {
    return this.page.getByRole('button', { name: 'Stop', exact: true })
  }
  get meter(): Locator {
    return this.page.getByRole('meter', { name: 'Input level' })
  }
  get history(): Locator {
    return this.page.getByRole('region', { name: 'Recordings' })
  }
  /** The open recording's view (its region is named after its title). */
  recording(title: string): Locator {
    return this.page.getByRole('region', { name: `Recording ${title}` })
  }

  /** Opens a recording from the history list by its title and returns its view. */
  async openRecording(title: string): Promise<Locator> {
    await this.history.getByRole('button', { name: new RegExp(`^${title}`) }).click()
    return this.recording(title)
  }
  get time(): Locator {
    return this.page.getByTestId('recorder-time')
  }

  /** The meter's value now (0..1). */
  async level(): Promise<number> {
    return Number(await this.meter.getAttribute('value'))
  }

  /** Seconds on the recorder's clock. */
  async seconds(): Promise<number> {
    const [m, s] = (await this.time.innerText()).split(':').map(Number)
    return m! * 60 + s!
  }
}
