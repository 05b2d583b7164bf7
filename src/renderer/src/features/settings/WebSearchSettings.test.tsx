// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../stores/app-store'
import { fakeGatewayApi } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import { WebSearchSettings } from './WebSearchSettings'

function withStore(ui: React.ReactNode) {
  const store = createAppStore({ api: fakeGatewayApi(), storage: window.localStorage })
  renderWithStore(ui, store)
  return store
}

describe('web search settings', () => {
  it('shows fields the config file sets as locked and saves the others', async () => {
    const user = userEvent.setup()
    withStore(<WebSearchSettings />)
    const searx = await screen.findByLabelText('SearXNG instance URL')
    expect(screen.getByLabelText('Results at most')).toBeDisabled()
    await user.type(searx, 'http://127.0.0.1:8888')
    await user.click(screen.getByRole('button', { name: 'Save web search settings' }))
    await waitFor(() => expect(screen.getByLabelText('SearXNG instance URL')).toHaveValue('http://127.0.0.1:8888'))
  })
})
