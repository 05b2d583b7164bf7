// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeDesktopApi } from '../../test/fake-desktop-api'
import { testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { useDictation } from './use-dictation'

function Probe({ active }: { active: boolean }) {
  useDictation(active)
  return null
}

function renderProbe(active: boolean) {
  const { store } = testStore()
  const view = renderWithStore(<Probe active={active} />, store)
  return { ...view, setActive: (on: boolean) => view.rerender(<Probe active={on} />) }
}

afterEach(() => {
  delete window.gatehouse
})

describe('dictation in the page', () => {
  it('listens for the shortcut only once signed in, and stops listening when the page goes', () => {
    const desktop = fakeDesktopApi()
    window.gatehouse = desktop.api
    const probe = renderProbe(false)
    expect(desktop.listening()).toBe(0)
    probe.setActive(true)
    expect(desktop.listening()).toBe(1)
    probe.unmount()
    expect(desktop.listening()).toBe(0)
  })

  it('a start with no microphone is reported in words, so the tray goes back to idle', async () => {
    const failures: string[] = []
    const desktop = fakeDesktopApi({ dictationFailed: async (m) => void failures.push(m) })
    window.gatehouse = desktop.api
    renderProbe(true)
    desktop.command('start')
    await waitFor(() => expect(failures).toHaveLength(1))
    expect(failures[0]).toMatch(/microphone/i)
  })
})
