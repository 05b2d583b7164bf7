import { describe, expect, it } from 'vitest'
import { fakeGatewayApi, testStore } from '../test/fake-gateway-api'
import { gate } from '../test/gate'

describe('MCP servers: teams enabled from Settings', () => {
  it('two teams ticked before the gateway answered the first are both saved, in the order ticked, and shown at once', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    const server = await api.createMcpServer({ label: 'everything', command: 'npx' })
    await store.getState().loadMcpServers()
    const updateMcpServer = api.updateMcpServer
    const sent: string[][] = []
    const firstSave = gate()
    api.updateMcpServer = async (id, patch) => {
      sent.push((patch.teams ?? []).map((t) => t.team))
      if (sent.length === 1) await firstSave.opened
      return updateMcpServer(id, patch)
    }
    const shownTeams = () => store.getState().mcpServers.list[0]!.teams.map((t) => t.team_id)
    const first = store.getState().setMcpServerTeam(server.id, { id: 'team-a', name: 'a' }, true)
    const second = store.getState().setMcpServerTeam(server.id, { id: 'team-b', name: 'b' }, true)
    expect(shownTeams()).toEqual(['team-a', 'team-b'])
    await new Promise((settled) => setTimeout(settled, 0))
    expect(sent).toEqual([['team-a']])
    firstSave.open()
    await Promise.all([first, second])
    expect(sent).toEqual([['team-a'], ['team-a', 'team-b']])
    expect((await api.mcpServers())[0]!.teams.map((t) => t.team_id)).toEqual(['team-a', 'team-b'])
    expect(shownTeams()).toEqual(['team-a', 'team-b'])
  })

  it('a team the gateway refused to add is thrown to the caller and not shown', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    const server = await api.createMcpServer({ label: 'everything', command: 'npx' })
    await store.getState().loadMcpServers()
    api.updateMcpServer = async () => {
      throw new Error('Unknown team "team-x".')
    }
    await expect(store.getState().setMcpServerTeam(server.id, { id: 'team-x', name: 'x' }, true)).rejects.toThrow(/Unknown team/)
    expect(store.getState().mcpServers.list[0]!.teams).toEqual([])
  })
})
