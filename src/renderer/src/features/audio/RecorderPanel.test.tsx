// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeDesktopApi } from '../../test/fake-desktop-api'
import { testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { RecorderPanel } from './RecorderPanel'

// the waveform sizes itself to its box
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver

function renderPanel() {
  const { store } = testStore()
  return renderWithStore(<RecorderPanel onFinished={() => undefined} />, store)
}

function audioInputs(devices: Array<{ deviceId: string; label: string }>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { enumerateDevices: async () => devices.map((d) => ({ ...d, kind: 'audioinput', groupId: '' })), addEventListener: () => undefined, removeEventListener: () => undefined },
  })
}

/** The box stays disabled until the desktop API has said what this OS allows; a click before that does nothing. */
async function systemAudioBox() {
  const box = screen.getByRole('checkbox', { name: 'Include system audio' })
  await waitFor(() => expect(box).toBeEnabled())
  return box
}

afterEach(() => {
  delete window.gatehouse
  Reflect.deleteProperty(navigator, 'mediaDevices')
})

describe('Recorder: "Include system audio"', () => {
  it('in the browser, is off and says it needs the desktop app', async () => {
    renderPanel()
    expect(await screen.findByTestId('system-audio-reason')).toHaveTextContent('Recording the system audio needs the desktop app.')
    expect(screen.getByRole('checkbox', { name: 'Include system audio' })).toBeDisabled()
  })

  it('says why where the OS does not allow it (macOS before 13)', async () => {
    window.gatehouse = fakeDesktopApi({ systemAudioSupport: async () => ({ kind: 'unsupported', reason: 'Recording the system audio needs macOS 13 or later.' }) }).api
    renderPanel()
    expect(await screen.findByTestId('system-audio-reason')).toHaveTextContent('needs macOS 13 or later')
  })

  it('on Windows and macOS 13+ can be turned on', async () => {
    window.gatehouse = fakeDesktopApi({ systemAudioSupport: async () => ({ kind: 'loopback' }) }).api
    const user = userEvent.setup()
    renderPanel()
    const box = await systemAudioBox()
    await user.click(box)
    expect(box).toBeChecked()
    expect(screen.queryByTestId('system-audio-reason')).toBeNull()
    expect(screen.getByText(/kept alone as “\(system audio\)”/)).toBeInTheDocument()
  })

  it('on Linux, offers the PulseAudio/PipeWire monitor sources to pick from', async () => {
    window.gatehouse = fakeDesktopApi({ systemAudioSupport: async () => ({ kind: 'monitor-source' }) }).api
    audioInputs([
      { deviceId: 'mic', label: 'Built-in Microphone' },
      { deviceId: 'mon-speakers', label: 'Monitor of Built-in Audio Analog Stereo' },
      { deviceId: 'mon-hdmi', label: 'Monitor of HDMI Output' },
    ])
    const user = userEvent.setup()
    renderPanel()
    await user.click(await systemAudioBox())
    const source = await screen.findByRole('combobox', { name: 'System audio source' })
    expect([...source.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Monitor of Built-in Audio Analog Stereo', 'Monitor of HDMI Output'])
    await user.selectOptions(source, 'Monitor of HDMI Output')
    expect(source).toHaveValue('mon-hdmi')
  })
})
