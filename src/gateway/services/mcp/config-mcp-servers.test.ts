import { describe, expect, it } from 'vitest'
import { configMcpServers } from './config-mcp-servers'
import type { Store } from '../../store/store'

const teams = { getByName: (name: string) => (name === 'alpha' ? { id: 'team-alpha' } : undefined) } as unknown as Store['teams']

describe('config MCP servers', () => {
  it('enables a server for the teams that name it, with their allow-lists, and reads env: values from the environment', () => {
    const source = configMcpServers(
      {
        mcpServers: [
          { label: 'files', command: 'npx', args: ['x'], env: { TOKEN: 'env:FILES_TOKEN', MODE: 'fast', GONE: 'env:NOT_SET' }, timeout: 5 },
          { label: 'docs', url: 'http://127.0.0.1:3001/mcp', headers: { authorization: 'env:DOCS_AUTH' } },
        ],
        teams: [
          { name: 'alpha', mcp_servers: [{ label: 'docs', allowed_tools: ['search'] }, 'files'] },
          { name: 'beta' },
        ],
      },
      { teams },
      { FILES_TOKEN: 'secret-1', DOCS_AUTH: 'Bearer secret-2' },
    )
    const [files, docs] = source.list()
    expect(files).toMatchObject({ spec: { label: 'files', command: 'npx', args: ['x'], env: { TOKEN: 'secret-1', MODE: 'fast' } }, callTimeoutMs: 5000 })
    expect(files!.teams).toEqual(new Map([['team-alpha', null]]))
    expect(docs).toMatchObject({ spec: { url: 'http://127.0.0.1:3001/mcp', headers: { authorization: 'Bearer secret-2' } } })
    expect(docs!.teams).toEqual(new Map([['team-alpha', ['search']]]))
  })
})
