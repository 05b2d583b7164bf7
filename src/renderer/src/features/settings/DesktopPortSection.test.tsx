// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { SetPortResult } from '../../../../preload/api'
import { fakeDesktopApi } from '../../test/fake-desktop-api'
import { DesktopPortSection } from './DesktopPortSection'

function desktop(setPort: (port: number) => SetPortResult) {
  const calls: number[] = []
  const { api } = fakeDesktopApi({
    setGatewayPort: async (port) => (calls.push(port), setPort(port)),
  })
  window.gatehouse = api
  return calls
}

afterEach(() => {
  delete window.gatehouse
})

describe('DesktopPortSection', () => {
  it('is absent in web mode', () => {
    const { container } = render(<DesktopPortSection />)
    expect(container).toBeEmptyDOMElement()
  })

  it('saves a new port, and offers the free port the app suggests when one is taken', async () => {
    const calls = desktop((port) => (port === 8080 ? { ok: false, message: 'Port 8080 is taken by another program.', suggestedPort: 4311 } : { ok: true }))
    const user = userEvent.setup()
    render(<DesktopPortSection />)
    const input = await screen.findByLabelText('Port')
    expect(input).toHaveValue('4310')
    await user.clear(input)
    await user.type(input, '80')
    expect(screen.getByText('Give a whole number from 1024 to 65535.')).toBeInTheDocument()
    await user.type(input, '80')
    await user.click(screen.getByRole('button', { name: 'Save and restart' }))
    expect(await screen.findByText('Port 8080 is taken by another program.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Use 4311 instead' }))
    expect(calls).toEqual([8080, 4311])
    expect(await screen.findByText(/now 4311/)).toBeInTheDocument()
  })
})
