import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { badRequest } from '../../../shared/errors'
import { createMcpConnection, type McpConnection, type McpServerSpec, type McpToolResult } from './mcp-connection'

export const DEFAULT_MCP_CALL_TIMEOUT_MS = 60_000
export const DEFAULT_MCP_IDLE_TIMEOUT_MS = 10 * 60_000

/** A server the gateway hosts, with the teams that may use it (a team's allow-list, or null for every tool). */
export interface HostedMcpServer {
  spec: McpServerSpec
  callTimeoutMs: number
  idleTimeoutMs: number
  /** Team id -> the tools it may call, null for all. */
  teams: ReadonlyMap<string, readonly string[] | null>
}

/** What the servers are, read on each use so edits (admin API, a reloaded config) apply to the next request. */
export interface McpServerSource {
  list(): readonly HostedMcpServer[]
}

/**
 * The MCP servers the gateway hosts for its teams' requests. A team reaches only the servers enabled
 * for it, and of those only the tools its allow-list names; connections are shared between teams (a
 * server is one process), the check is here.
 */
export function createMcpHost(source: McpServerSource) {
  const connections = new Map<string, { conn: McpConnection; key: string }>()

  function connectionOf(server: HostedMcpServer): McpConnection {
    const key = JSON.stringify([server.spec, server.callTimeoutMs, server.idleTimeoutMs])
    const had = connections.get(server.spec.label)
    if (had && had.key === key) return had.conn
    if (had) void had.conn.stop() // the server's settings changed: the next use starts it as it is now
    const conn = createMcpConnection(server.spec, { callTimeoutMs: server.callTimeoutMs, idleTimeoutMs: server.idleTimeoutMs })
    connections.set(server.spec.label, { conn, key })
    return conn
  }

  /** The server as this team may use it, or a 400 naming the field: another team's server looks like no server. */
  function access(teamId: string, label: string, param: string | null) {
    const server = source.list().find((s) => s.spec.label === label)
    const allowed = server?.teams.get(teamId)
    if (!server || allowed === undefined) {
      const mine = source.list().filter((s) => s.teams.has(teamId)).map((s) => `"${s.spec.label}"`)
      throw badRequest(`no MCP server "${label}" is enabled for your team; ${mine.length ? `use one of ${mine.join(', ')}` : 'ask the owner to enable one in Settings (teams[].mcp_servers)'}.`, param, 'unknown_mcp_server')
    }
    return { server, allowed, conn: connectionOf(server) }
  }

  const permits = (allowed: readonly string[] | null | undefined, name: string) => !allowed || allowed.includes(name)

  return {
    /** Labels of the servers this team may use. */
    labelsFor(teamId: string): string[] {
      return source
        .list()
        .filter((s) => s.teams.has(teamId))
        .map((s) => s.spec.label)
    },

    /** The tools of `label` this team may call, narrowed further by the request's `allowed_tools`. */
    async toolsFor(teamId: string, label: string, requested: readonly string[] | undefined, param: string | null, signal?: AbortSignal): Promise<Tool[]> {
      const { allowed, conn } = access(teamId, label, param)
      const tools = await conn.listTools(signal)
      return tools.filter((t) => permits(allowed, t.name) && permits(requested, t.name))
    },

    /** Calls a tool for a team; a tool it may not call is an error for the model, like any other failure. */
    async call(teamId: string, label: string, tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpToolResult> {
      const { allowed, conn } = access(teamId, label, null)
      if (!permits(allowed, tool)) return { ok: false, text: `The tool ${tool} of the MCP server "${label}" is not enabled for your team.` }
      return conn.callTool(tool, args, signal)
    },

    /** Lists a server's tools for the owner (the admin probe), whatever the teams. */
    async probe(server: HostedMcpServer, signal?: AbortSignal): Promise<Tool[]> {
      return connectionOf(server).listTools(signal)
    },

    /** Whether a server's connection is up (a stdio server's process running). */
    isRunning(label: string): boolean {
      return connections.get(label)?.conn.running ?? false
    },

    async close(): Promise<void> {
      await Promise.all([...connections.values()].map(({ conn }) => conn.stop()))
      connections.clear()
    },
  }
}

export type McpHost = ReturnType<typeof createMcpHost>
