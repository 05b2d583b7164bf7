// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { renderWithStore } from '../../test/render-with-store'
import TeamsPage from './TeamsPage'

async function renderPage() {
  const api = fakeGatewayApi()
  const { store } = testStore(api)
  await store.getState().loadCatalog()
  renderWithStore(<TeamsPage />, store)
  return { api, store }
}

describe('Teams and users page (issue 22)', () => {
  it('lists teams with their models, users and keys; a team of the config file says why it cannot be changed here', async () => {
    await renderPage()
    const row = within(screen.getByRole('region', { name: 'Teams table' })).getByRole('row', { name: /default/ })
    expect(row).toHaveTextContent('Every model')
    expect(row).toHaveTextContent('0 users')
    expect(row).toHaveTextContent('From the config file')
    expect(within(row).queryByRole('button', { name: /Delete team/ })).toBeNull()
  })

  it('creates a team and a user in it, and renames the user', async () => {
    const user = userEvent.setup()
    const { api } = await renderPage()
    await user.click(screen.getByRole('button', { name: 'New team' }))
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'research')
    await user.click(screen.getByRole('button', { name: 'Create team' }))
    const teams = screen.getByRole('region', { name: 'Teams table' })
    await waitFor(() => expect(within(teams).getByRole('row', { name: /research/ })).toHaveTextContent('Every model'))

    await user.click(screen.getAllByRole('button', { name: 'New user' })[0]!)
    const dialog = screen.getByRole('dialog', { name: 'New user' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'bea')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Team/ }), 'research')
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }))
    const users = await screen.findByRole('region', { name: 'Users table' })
    await waitFor(() => expect(within(users).getByRole('row', { name: /bea/ })).toHaveTextContent('research'))
    expect(api.rows.users[0]).toMatchObject({ name: 'bea', team_id: api.rows.teams[1]!.id })

    await user.click(screen.getByRole('button', { name: 'Rename user bea' }))
    const rename = screen.getByRole('textbox', { name: 'Name' })
    await user.clear(rename)
    await user.type(rename, 'beatriz')
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    await waitFor(() => expect(within(users).getByRole('row', { name: /beatriz/ })).toBeInTheDocument())
  })

  it('sets a team\'s rate limits, renewing budget and data policy, and shows them in its row (issue 27)', async () => {
    const user = userEvent.setup()
    const { api } = await renderPage()
    await user.click(screen.getByRole('button', { name: 'New team' }))
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'research')
    await user.click(screen.getByRole('button', { name: 'Create team' }))
    await user.click(await screen.findByRole('button', { name: 'Limits of team research' }))
    const dialog = screen.getByRole('dialog', { name: 'Limits and data policy of team research' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Requests per minute$/ }), '60')
    await user.type(within(dialog).getByRole('textbox', { name: /Budget \(credits\)/ }), '25')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Budget renews' }), '1d')
    await user.click(within(dialog).getByRole('checkbox', { name: /Local models only/ }))
    await user.click(within(dialog).getByRole('checkbox', { name: /Keep prompts and answers/ }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Tokens per minute of gpt-echo' }), '5000')
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }))
    await waitFor(() => expect(api.rows.teams[1]).toMatchObject({ rpm_limit: 60, tpm_limit: null, budget: { credits: 25, period: '1d' }, local_only: true, keep_content: false, model_limits: { 'gpt-echo': { rpm_limit: null, tpm_limit: 5000 } } }))
    const row = within(screen.getByRole('region', { name: 'Teams table' })).getByRole('row', { name: /research/ })
    await waitFor(() => expect(row).toHaveTextContent('60 rpm · 25 credits per 1d'))
    expect(row).toHaveTextContent('local only')
    expect(row).toHaveTextContent('keeps no content')
  })
})
