// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { DictationSettings } from '../../../../preload/api'
import type { ModelInfo } from '../../../../shared/admin-wire'
import { fakeDesktopApi } from '../../test/fake-desktop-api'
import { testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { DictationSection } from './DictationSection'

function renderSection() {
  const { store } = testStore()
  const whisper = (name: string) => ({ name, kind: 'transcription' }) as ModelInfo
  store.setState((s) => ({ catalog: { ...s.catalog, models: [whisper('whisper-base'), whisper('whisper-small')] } }))
  return renderWithStore(<DictationSection />, store)
}

afterEach(() => {
  delete window.gatehouse
})

describe('Settings: dictation', () => {
  it('is absent in the browser (no global shortcuts there)', () => {
    const { container } = renderSection()
    expect(container).toBeEmptyDOMElement()
  })

  it('is off by default; turned on, it takes a pressed key combination, the mode, model and language, and saves them', async () => {
    const saves: DictationSettings[] = []
    window.gatehouse = fakeDesktopApi({ setDictationSettings: async (s) => (saves.push(s), { ok: true }) }).api
    const user = userEvent.setup()
    renderSection()
    const enabled = await screen.findByRole('checkbox', { name: 'Dictate with a global shortcut' })
    expect(enabled).not.toBeChecked()
    expect(screen.getByLabelText('Shortcut')).toBeDisabled()
    await user.click(enabled)

    const shortcut = screen.getByLabelText('Shortcut')
    await user.click(shortcut)
    await user.keyboard('{Alt>}{F9}{/Alt}')
    expect(shortcut).toHaveValue('Alt + F9')
    await user.keyboard('d')
    expect(shortcut).toHaveValue('Alt + F9')
    await user.keyboard('{Control>}{Shift>}d{/Shift}{/Control}')
    expect(shortcut).toHaveValue('Ctrl + Shift + D')

    await user.click(screen.getByRole('radio', { name: 'from one press to the next' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dictation model' }), 'whisper-small')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dictation language' }), 'German')
    await user.click(screen.getByRole('button', { name: 'Save dictation' }))
    expect(saves).toEqual([{ enabled: true, shortcut: 'CommandOrControl+Shift+D', mode: 'toggle', model: 'whisper-small', language: 'de' }])
    expect(screen.getByRole('button', { name: 'Save dictation' })).toBeDisabled()
  })

  it('shows why a shortcut was refused beside the shortcut', async () => {
    window.gatehouse = fakeDesktopApi({
      dictationSettings: async () => ({ enabled: true, shortcut: 'Alt+F9', mode: 'hold', model: '', language: '' }),
      setDictationSettings: async (s) => ({ ok: false, message: `dictation.shortcut: ${s.shortcut} is taken by the system or another app; choose another key combination.` }),
    }).api
    const user = userEvent.setup()
    renderSection()
    const shortcut = await screen.findByLabelText('Shortcut')
    await user.click(shortcut)
    await user.keyboard('{Control>}[Space]{/Control}')
    expect(shortcut).toHaveValue('Ctrl + Space')
    await user.click(screen.getByRole('button', { name: 'Save dictation' }))
    expect(await screen.findByText(/CommandOrControl\+Space is taken by the system or another app/)).toBeInTheDocument()
    expect(shortcut).toHaveAttribute('aria-invalid', 'true')
  })
})

describe('Settings: dictation on macOS', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'platform'))

  it('offers no hold-to-talk, since a global shortcut there reports no release', async () => {
    Object.defineProperty(navigator, 'platform', { configurable: true, value: 'MacIntel' })
    window.gatehouse = fakeDesktopApi({ dictationSettings: async () => ({ enabled: true, shortcut: 'CommandOrControl+Shift+Space', mode: 'toggle', model: '', language: '' }) }).api
    renderSection()
    expect(await screen.findByText(/starts with one press and stops with the next/)).toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: 'while the keys are held' })).toBeNull()
    expect(screen.getByLabelText('Shortcut')).toHaveValue('Cmd + Shift + Space')
  })
})
