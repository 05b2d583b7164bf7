import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { ADMIN_TOKEN, OTHER_TEAM_KEY, TEAM_KEY } from '../../../../test/support/harness'
import { EVERYTHING, everythingStdio } from '../../../../test/support/mcp/mcp-servers'
import { scriptToolCall } from '../../../../test/support/mcp/scripted-tool-call'

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
const SECRET = 'mcp-secret-value-8d1f0c'

/** `/admin/mcp-servers`: registered, probed, used by a team's request, changed and removed. */
describe('/admin/mcp-servers', () => {
  let h: ChatHarness
  beforeAll(async () => {
    h = await startChatHarness({
      mcp_servers: [everythingStdio('from-config')],
      teams: [
        { name: 'alpha', models: ['gpt-echo'], keys: [TEAM_KEY], mcp_servers: ['from-config'] },
        { name: 'beta', models: ['gpt-echo'], keys: [OTHER_TEAM_KEY] },
      ],
      users: [],
    })
  })
  afterAll(() => h?.close())

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => h.gw.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) })
  const ask = (label: string) => h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'env?' }], tools: [{ type: 'mcp', server_label: label, allowed_tools: ['get-env'] } as never] })

  it('registers a stdio server with a sealed env, probes it, and a team it is enabled for runs its tools', async () => {
    const created = await api('POST', '/admin/mcp-servers', { label: 'everything', command: process.execPath, args: [EVERYTHING, 'stdio'], env: { MCP_TEST_SECRET: SECRET }, timeout: 30, teams: [{ team: 'alpha', allowed_tools: ['echo', 'get-env'] }] })
    expect(created.statusCode, created.body).toBe(201)
    const server = created.json<{ id: string }>()
    expect(created.body).not.toContain(SECRET)
    expect(server).toMatchObject({ label: 'everything', transport: 'stdio', env_keys: ['MCP_TEST_SECRET'], source: 'admin', teams: [{ team_name: 'alpha', allowed_tools: ['echo', 'get-env'] }] })
    const raw = h.gw.store.db.prepare('SELECT secrets FROM mcp_servers WHERE id = ?').get(server.id) as { secrets: Buffer }
    expect(raw.secrets.toString('latin1')).not.toContain(SECRET)

    const probe = await api('POST', `/admin/mcp-servers/${server.id}/probe`)
    expect(probe.statusCode, probe.body).toBe(200)
    expect(probe.json<{ tools: Array<{ name: string }> }>().tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-env']))

    const listed = await api('GET', '/admin/mcp-servers')
    expect(listed.json<{ data: Array<{ label: string; source: string }> }>().data.map((s) => [s.label, s.source])).toEqual([
      ['from-config', 'config'],
      ['everything', 'admin'],
    ])
    expect(listed.body).not.toContain(SECRET)

    scriptToolCall(h.openai, 'everything__get-env', {})
    await ask('everything')
    expect(JSON.stringify(h.openai.requests.at(-1)!.json.messages)).toContain(SECRET)

    const teamTools = await api('GET', `/admin/teams/${h.gw.store.teams.getByName('alpha')!.id}/mcp-tools`)
    expect(teamTools.json<{ data: Array<{ label: string; tools: Array<{ name: string }> }> }>().data.find((s) => s.label === 'everything')!.tools.map((t) => t.name).sort()).toEqual(['echo', 'get-env'])

    // Moved to beta: alpha no longer reaches it.
    const moved = await api('PATCH', `/admin/mcp-servers/${server.id}`, { teams: [{ team: 'beta' }] })
    expect(moved.json()).toMatchObject({ teams: [{ team_name: 'beta', allowed_tools: null }], env_keys: ['MCP_TEST_SECRET'] })
    await expect(ask('everything')).rejects.toMatchObject({ status: 400, param: 'tools[0].server_label' })

    expect((await api('DELETE', `/admin/mcp-servers/${server.id}`)).json()).toEqual({ id: server.id, object: 'mcp_server', deleted: true })
    expect((await api('GET', `/admin/mcp-servers/${server.id}`)).statusCode).toBe(404)
  })

  it('refuses a duplicate label, a server with both or neither of command and url, and edits of config servers', async () => {
    const dup = await api('POST', '/admin/mcp-servers', { label: 'from-config', url: 'http://127.0.0.1:9/mcp' })
    expect([dup.statusCode, dup.json().error.param]).toEqual([409, 'label'])
    const both = await api('POST', '/admin/mcp-servers', { label: 'x', url: 'http://127.0.0.1:9/mcp', command: 'node' })
    expect([both.statusCode, both.json().error.message]).toEqual([400, expect.stringContaining('either command')])
    const config = await api('PATCH', '/admin/mcp-servers/config-from-config', { timeout: 5 })
    expect([config.statusCode, config.json().error.code]).toEqual([409, 'managed_by_config'])
  })

  it('a probe of a server that cannot start says why with a 424', async () => {
    const created = (await api('POST', '/admin/mcp-servers', { label: 'broken', command: '/nonexistent/mcp-server' })).json<{ id: string }>()
    const probe = await api('POST', `/admin/mcp-servers/${created.id}/probe`)
    expect([probe.statusCode, probe.json().error.code]).toEqual([424, 'mcp_server_unreachable'])
  })
})
