// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { WebSessionsSection } from './WebSessionsSection'

const renderSection = (api = fakeGatewayApi()) => {
  const { store } = testStore(api)
  store.setState({ auth: 'signed-in' })
  renderWithStore(<WebSessionsSection />, store)
  return { api, store }
}

describe('Settings: browser sessions', () => {
  it('lists the signed-in browsers, marking this one, and signs another out', async () => {
    const user = userEvent.setup()
    const { api } = renderSection()
    const list = await screen.findByRole('list', { name: 'Browser sessions' })
    expect(list).toHaveTextContent('Firefox on Linux (this browser)')
    expect(list).toHaveTextContent('Safari on macOS')
    expect(within(list).getAllByRole('button')).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Sign out Safari on macOS' }))
    await user.click(screen.getByRole('button', { name: 'Confirm sign out' }))
    await waitFor(() => expect(list).not.toHaveTextContent('Safari'))
    expect(api.webSessionsList.map((w) => w.id)).toEqual(['ws-1'])
  })

  it('signs out everywhere after a confirmation, and then asks this browser to sign in again', async () => {
    const user = userEvent.setup()
    const { api, store } = renderSection()
    await screen.findByRole('list', { name: 'Browser sessions' })
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    expect(api.webSessionsList).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Confirm: sign out every browser, this one too' }))
    await waitFor(() => expect(store.getState().auth).toBe('needs-login'))
    expect(api.webSessionsList).toEqual([])
  })
})
