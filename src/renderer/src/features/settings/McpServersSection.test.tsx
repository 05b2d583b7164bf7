// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../../test/fake-gateway-api'
import { gate } from '../../test/gate'
import { renderWithStore } from '../../test/render-with-store'
import { McpServersSection } from './McpServersSection'

/** The section, signed in, over `api`. */
function renderSection(api: ReturnType<typeof fakeGatewayApi>) {
  const { store } = testStore(api)
  store.setState({ auth: 'signed-in' })
  renderWithStore(<McpServersSection />, store)
}

describe('Settings: MCP servers', () => {
  it('adds a stdio server with a sealed env, tests it, enables it for a team and removes it', async () => {
    const user = userEvent.setup()
    const api = fakeGatewayApi()
    renderSection(api)
    const form = screen.getByRole('form', { name: 'Add an MCP server' })
    await user.type(within(form).getByLabelText('Label'), 'everything')
    await user.type(within(form).getByLabelText(/Command or URL/), 'npx')
    await user.type(within(form).getByLabelText('Arguments'), '-y @modelcontextprotocol/server-everything')
    await user.type(within(form).getByLabelText(/Environment/), 'TOKEN=abc')
    await user.click(within(form).getByRole('button', { name: 'Add server' }))
    const list = screen.getByRole('list', { name: 'MCP servers' })
    await waitFor(() => expect(list).toHaveTextContent('everything'))
    const [server] = await api.mcpServers()
    expect(server).toMatchObject({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env_keys: ['TOKEN'] })

    await user.click(within(list).getByRole('button', { name: 'Test' }))
    await waitFor(() => expect(list).toHaveTextContent('Tools: echo'))

    const teams = await screen.findByRole('group', { name: 'Teams of everything' })
    const first = within(teams).getAllByRole('checkbox')[0]!
    await user.click(first)
    await waitFor(async () => expect((await api.mcpServers())[0]!.teams).toHaveLength(1))

    await user.click(within(list).getByRole('button', { name: 'Remove everything' }))
    await user.click(within(list).getByRole('button', { name: 'Confirm remove' }))
    await waitFor(() => expect(list).not.toHaveTextContent('everything'))
  })

  it('ticks two teams before the gateway has answered the first: both boxes show at once, and both teams are saved', async () => {
    const user = userEvent.setup()
    const api = fakeGatewayApi()
    api.rows.teams.push({ ...structuredClone(api.rows.teams[0]!), id: 'team-2', name: 'research' })
    await api.createMcpServer({ label: 'everything', command: 'npx' })
    const updateMcpServer = api.updateMcpServer
    const firstSave = gate()
    let calls = 0
    api.updateMcpServer = async (id, patch) => {
      if (++calls === 1) await firstSave.opened
      return updateMcpServer(id, patch)
    }
    renderSection(api)
    const teams = await screen.findByRole('group', { name: 'Teams of everything' })
    await waitFor(() => expect(within(teams).getAllByRole('checkbox')).toHaveLength(2))
    const [first, second] = within(teams).getAllByRole('checkbox')
    await user.click(first!)
    await user.click(second!)
    expect(first).toBeChecked()
    expect(second).toBeChecked()
    firstSave.open()
    await waitFor(async () => expect((await api.mcpServers())[0]!.teams.map((t) => t.team_id)).toEqual(['team-1', 'team-2']))
    expect(first).toBeChecked()
    expect(second).toBeChecked()
  })
})
