import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { badRequest, GatewayError } from '../../../shared/errors'
import type { McpProbeResult, McpServerInfo, McpServerInput, McpServerPatch, McpToolInfo, TeamMcpServer } from '../../../shared/mcp-wire'
import type { Clock, Env, IdGenerator } from '../../kernel/runtime'
import type { SecretCipher } from '../../security/secret-cipher'
import type { McpServerRow } from '../../store/repos/mcp-servers-repo'
import type { Store } from '../../store/store'
import { assertAdminOwned, conflict, found } from '../admin/admin-rules'
import type { HostedMcpServer, McpHost, McpServerSource } from './mcp-host'
import { hostedFromRow, openSecrets, sealSecrets } from './stored-mcp-servers'

export interface McpServersAdminDeps {
  store: Store
  cipher: SecretCipher
  clock: Clock
  ids: IdGenerator
  host: McpHost
  /** The config file's servers (read-only here) and where the config came from, for messages. */
  configServers: McpServerSource
  configSource: string
  env: Env
}

export const toolInfo = (t: Tool): McpToolInfo => ({ name: t.name, ...(t.title ? { title: t.title } : {}), ...(t.description ? { description: t.description } : {}), input_schema: t.inputSchema as Record<string, unknown> })

/** Config servers go by their label, prefixed so they never clash with a stored server's UUID. */
const configId = (label: string) => `config-${label}`

/**
 * `/admin/mcp-servers`: the owner registers, changes, tests (lists the tools of) and removes MCP servers,
 * and enables each for teams with an optional tool allow-list. Env values and headers are sealed like
 * provider keys and never shown again: the API returns their names only. Config servers are listed and
 * probed but changed in the config file.
 */
export function createMcpServersAdmin(deps: McpServersAdminDeps) {
  const { store, cipher, clock, ids, host } = deps

  const teamName = (id: string) => store.teams.get(id)?.name ?? id
  function info(s: HostedMcpServer, id: string, source: 'config' | 'admin', row?: McpServerRow): McpServerInfo {
    const stdio = 'command' in s.spec
    // a stored server's names as they were given, `env:` ones whose variable is unset included
    const sealed = row ? openSecrets(cipher, row.secrets) : null
    return {
      id,
      object: 'mcp_server',
      label: s.spec.label,
      transport: stdio ? 'stdio' : 'http',
      command: 'command' in s.spec ? s.spec.command : null,
      args: 'command' in s.spec ? s.spec.args : [],
      url: 'url' in s.spec ? s.spec.url : null,
      env_keys: Object.keys(sealed?.env ?? ('env' in s.spec ? s.spec.env : {})),
      header_names: Object.keys(sealed?.headers ?? ('headers' in s.spec ? s.spec.headers : {})),
      timeout: s.callTimeoutMs / 1000,
      teams: [...s.teams].map(([teamId, allowed]) => ({ team_id: teamId, team_name: teamName(teamId), allowed_tools: allowed ? [...allowed] : null })),
      source,
      running: host.isRunning(s.spec.label),
    }
  }

  function all(): Array<{ id: string; source: 'config' | 'admin'; server: HostedMcpServer; row?: McpServerRow }> {
    return [
      ...deps.configServers.list().map((server) => ({ id: configId(server.spec.label), source: 'config' as const, server })),
      ...store.mcpServers.list().map((row) => ({ id: row.id, source: 'admin' as const, server: hostedFromRow(row, cipher, deps.env), row })),
    ]
  }
  const one = (id: string) => found(all().find((s) => s.id === id), 'MCP server', id, 'mcp_server_not_found')

  function teamsOf(input: McpServerInput['teams']): McpServerRow['teams'] {
    return (input ?? []).map((t, i) => {
      const team = store.teams.get(t.team) ?? store.teams.getByName(t.team)
      if (!team) throw badRequest(`teams[${i}].team: no team "${t.team}"; give a team's name or id (GET /admin/teams lists them).`, `teams[${i}].team`, 'team_not_found')
      return { teamId: team.id, allowedTools: t.allowed_tools ?? null }
    })
  }

  function checkShape(s: { command?: string | null; url?: string | null; env?: object; headers?: object }) {
    if (!s.command === !s.url) throw badRequest('Give either command (a stdio server the gateway starts) or url (a streamable HTTP server), not both.', s.command ? 'url' : 'command')
    if (s.command && s.headers && Object.keys(s.headers).length) throw badRequest('headers are for an HTTP server (url); a stdio server takes env.', 'headers')
    if (s.url && s.env && Object.keys(s.env).length) throw badRequest('env is for a stdio server (command); an HTTP server takes headers.', 'env')
  }

  function checkLabel(label: string, exceptId?: string) {
    if (all().some((s) => s.server.spec.label === label && s.id !== exceptId)) throw conflict(`An MCP server labelled "${label}" already exists; labels name servers in requests, so each is unique.`, 'label')
  }

  const save = (id: string, s: Required<Pick<McpServerInput, 'label'>> & { command: string | null; args: string[]; url: string | null; env: Record<string, string>; headers: Record<string, string>; timeout: number | null; teams: McpServerRow['teams'] }) =>
    store.mcpServers.save(
      { id, label: s.label, transport: s.command ? 'stdio' : 'http', command: s.command, args: s.args, url: s.url, secrets: sealSecrets(cipher, { env: s.env, headers: s.headers }), timeoutMs: s.timeout === null ? null : s.timeout * 1000, teams: s.teams },
      clock.now(),
    )

  const infoOf = (row: McpServerRow) => info(hostedFromRow(row, cipher, deps.env), row.id, 'admin', row)

  return {
    list: (): McpServerInfo[] => all().map((s) => info(s.server, s.id, s.source, s.row)),
    get: (id: string): McpServerInfo => {
      const s = one(id)
      return info(s.server, s.id, s.source, s.row)
    },

    create(input: McpServerInput): McpServerInfo {
      checkShape(input)
      checkLabel(input.label)
      const row = save(ids.uuid(), { label: input.label, command: input.command ?? null, args: input.args ?? [], url: input.url ?? null, env: input.env ?? {}, headers: input.headers ?? {}, timeout: input.timeout ?? null, teams: teamsOf(input.teams) })
      return infoOf(row)
    },

    /** Fields left out are kept; `env` and `headers`, when given, replace the sealed ones whole. */
    update(id: string, patch: McpServerPatch): McpServerInfo {
      const s = one(id)
      assertAdminOwned({ source: s.source }, `MCP server "${s.server.spec.label}"`, deps.configSource)
      const row = s.row!
      const secrets = openSecrets(cipher, row.secrets)
      const next = {
        label: patch.label ?? row.label,
        command: patch.command !== undefined ? patch.command : patch.url !== undefined ? null : row.command,
        args: patch.args ?? (patch.url !== undefined ? [] : row.args),
        url: patch.url !== undefined ? patch.url : patch.command !== undefined ? null : row.url,
        env: patch.env ?? (patch.url !== undefined ? {} : secrets.env),
        headers: patch.headers ?? (patch.command !== undefined ? {} : secrets.headers),
        timeout: patch.timeout ?? (row.timeoutMs === null ? null : row.timeoutMs / 1000),
        teams: patch.teams !== undefined ? teamsOf(patch.teams) : row.teams,
      }
      checkShape(next)
      if (next.label !== row.label) checkLabel(next.label, id)
      return infoOf(save(id, next))
    },

    remove(id: string) {
      const s = one(id)
      assertAdminOwned({ source: s.source }, `MCP server "${s.server.spec.label}"`, deps.configSource)
      store.mcpServers.delete(id)
      return { id, object: 'mcp_server', deleted: true }
    },

    /** Connects (starting a stdio server) and lists its tools: a 424 says why it could not. */
    async probe(id: string, signal?: AbortSignal): Promise<McpProbeResult> {
      const s = one(id)
      try {
        return { id, label: s.server.spec.label, tools: (await host.probe(s.server, signal)).map(toolInfo) }
      } catch (err) {
        throw new GatewayError({ status: 424, type: 'upstream_error', code: 'mcp_server_unreachable', param: null, message: `The MCP server "${s.server.spec.label}" could not be reached or listed its tools: ${(err as Error).message}` })
      }
    },

    /** The servers a team may use, with the tools it may call on each: what the playground offers. */
    async forTeam(teamId: string, signal?: AbortSignal): Promise<TeamMcpServer[]> {
      return Promise.all(
        host.labelsFor(teamId).map(async (label) => {
          try {
            return { label, tools: (await host.toolsFor(teamId, label, undefined, null, signal)).map(toolInfo) }
          } catch (err) {
            return { label, tools: [], error: (err as Error).message }
          }
        }),
      )
    },
  }
}

export type McpServersAdmin = ReturnType<typeof createMcpServersAdmin>
