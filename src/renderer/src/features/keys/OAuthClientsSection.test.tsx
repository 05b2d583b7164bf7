// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import KeysPage from './KeysPage'

const renderKeys = async (setup: (api: ReturnType<typeof fakeGatewayApi>) => Promise<unknown> = async () => undefined) => {
  const api = fakeGatewayApi()
  await setup(api)
  const { store } = testStore(api)
  store.setState({ auth: 'signed-in' })
  void store.getState().loadCatalog()
  renderWithStore(<KeysPage />, store)
  return api
}

describe('Keys page: OAuth clients', () => {
  it('creates a client with chosen scopes and shows its secret once', async () => {
    const user = userEvent.setup()
    const api = await renderKeys()
    await user.click(await screen.findByRole('button', { name: 'New OAuth client' }))
    const dialog = await screen.findByRole('dialog', { name: 'New OAuth client' })
    await user.type(within(dialog).getByLabelText(/^Name/), 'nightly jobs')
    await user.click(within(dialog).getByRole('checkbox', { name: /audio/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }))
    const revealed = await screen.findByRole('dialog', { name: 'Your new OAuth client' })
    expect(within(revealed).getByTestId('revealed-client-secret')).toHaveTextContent('gth-cs-secret-')
    expect(api.oauthClientsList[0]).toMatchObject({ name: 'nightly jobs', scopes: ['chat', 'messages', 'files'] })
    await user.click(within(revealed).getByRole('button', { name: 'I have copied it' }))
    const table = await screen.findByRole('region', { name: 'OAuth clients table' })
    expect(table).toHaveTextContent('nightly jobs')
    expect(table).toHaveTextContent('chat messages files')
    expect(table).not.toHaveTextContent('gth-cs-secret-')
  })

  it('rotates a secret (shown once again) and revokes a client', async () => {
    const user = userEvent.setup()
    const api = await renderKeys((fake) => fake.createOAuthClient({ team_id: 'team-1', name: 'ci' }))
    const rotate = await screen.findByRole('button', { name: 'Rotate the secret of ci' })
    await user.click(rotate)
    const revealed = await screen.findByRole('dialog', { name: 'Client secret rotated' })
    await user.click(within(revealed).getByRole('button', { name: 'I have copied it' }))
    await user.click(screen.getByRole('button', { name: 'Revoke ci' }))
    await user.click(screen.getByRole('button', { name: 'Confirm revoke' }))
    await waitFor(() => expect(screen.getByRole('region', { name: 'OAuth clients table' })).toHaveTextContent('revoked'))
    expect(api.oauthClientsList[0]!.status).toBe('revoked')
  })
})
