import { afterEach, describe, expect, it, vi } from 'vitest'
import { FLAKY } from '../../../../test/support/mcp/mcp-servers'
import { createMcpHost, type HostedMcpServer } from './mcp-host'

const TEAM = 'team-a'
const flaky = (over: Partial<HostedMcpServer> = {}): HostedMcpServer => ({
  spec: { label: 'flaky', command: process.execPath, args: [FLAKY], env: {} },
  callTimeoutMs: 30_000,
  idleTimeoutMs: 0,
  teams: new Map([[TEAM, null]]),
  ...over,
})

describe('MCP host', () => {
  let host: ReturnType<typeof createMcpHost> | undefined
  afterEach(async () => host?.close())

  it('keeps the tool list until the server says it changed (tools/list_changed)', async () => {
    host = createMcpHost({ list: () => [flaky()] })
    const names = async () => (await host!.toolsFor(TEAM, 'flaky', undefined, null)).map((t) => t.name)
    expect(await names()).not.toContain('grown')
    expect(await host.call(TEAM, 'flaky', 'grow', {})).toEqual({ ok: true, text: 'added grown' })
    await vi.waitFor(async () => expect(await names()).toContain('grown'))
  })

  it('stops a stdio server left idle, and starts it again on the next call', async () => {
    host = createMcpHost({ list: () => [flaky({ idleTimeoutMs: 50 })] })
    const first = await host.call(TEAM, 'flaky', 'pid', {})
    expect(first.ok).toBe(true)
    await vi.waitFor(() => expect(host!.isRunning('flaky')).toBe(false))
    const second = await host.call(TEAM, 'flaky', 'pid', {})
    expect(second.ok).toBe(true)
    expect(second.text).not.toBe(first.text)
  })

  it("refuses a team the server is not enabled for, and a tool outside the team's allow-list", async () => {
    host = createMcpHost({ list: () => [flaky({ teams: new Map([[TEAM, ['pid']]]) })] })
    await expect(host.toolsFor('team-b', 'flaky', undefined, 'tools[0].server_label')).rejects.toMatchObject({ status: 400, param: 'tools[0].server_label' })
    await expect(host.call('team-b', 'flaky', 'pid', {})).rejects.toMatchObject({ status: 400 })
    expect((await host.toolsFor(TEAM, 'flaky', undefined, null)).map((t) => t.name)).toEqual(['pid'])
    expect(await host.call(TEAM, 'flaky', 'crash', {})).toEqual({ ok: false, text: 'The tool crash of the MCP server "flaky" is not enabled for your team.' })
  })
})
