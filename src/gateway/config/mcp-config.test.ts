import { describe, expect, it } from 'vitest'
import { baseConfigData, TEAM_KEY } from '../../../test/support/harness'
import { configProblems } from '../../../test/support/config-problems'
import { resolveConfig } from './load-config'

const resolve = (overrides: Record<string, unknown>) => resolveConfig(baseConfigData(overrides), 'test.yaml', {})
const issues = (overrides: Record<string, unknown>) => configProblems(baseConfigData(overrides))

describe('mcp_servers config', () => {
  it('reads stdio and HTTP servers and the teams that may use them', () => {
    const config = resolve({
      mcp_servers: [
        { label: 'files', command: 'npx', args: ['-y', 'some-server'], env: { TOKEN: 'x' }, timeout: '30s' },
        { label: 'docs', url: 'http://127.0.0.1:3001/mcp', headers: { authorization: 'Bearer y' } },
      ],
      teams: [{ name: 'alpha', keys: [TEAM_KEY], mcp_servers: ['files', { label: 'docs', allowed_tools: ['search'] }] }],
      users: [],
    })
    expect(config.mcpServers).toEqual([
      { label: 'files', command: 'npx', args: ['-y', 'some-server'], env: { TOKEN: 'x' }, timeout: 30 },
      { label: 'docs', url: 'http://127.0.0.1:3001/mcp', headers: { authorization: 'Bearer y' } },
    ])
    expect(config.teams[0]!.mcp_servers).toEqual(['files', { label: 'docs', allowed_tools: ['search'] }])
  })

  it('names the bad field', () => {
    expect(issues({ mcp_servers: [{ label: 'x', command: 'a', url: 'http://127.0.0.1/mcp' }] })).toEqual([expect.stringMatching(/^mcp_servers\[0\]: needs either command .* or url/)])
    expect(issues({ mcp_servers: [{ label: 'bad label', command: 'a' }] })).toEqual([expect.stringMatching(/^mcp_servers\[0\]\.label: must be 1 to 40 letters/)])
    expect(issues({ mcp_servers: [{ label: 'a', command: 'x' }, { label: 'a', command: 'y' }] })).toEqual(['mcp_servers[1].label: duplicate MCP server label "a"'])
    expect(issues({ teams: [{ name: 'alpha', mcp_servers: ['nope'] }], users: [] })).toEqual(['teams[0].mcp_servers[0]: unknown MCP server "nope" (use a label from mcp_servers[].label)'])
  })
})
