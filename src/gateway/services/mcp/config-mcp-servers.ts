import type { GatewayConfig } from '../../config/gateway-config'
import type { Env } from '../../kernel/runtime'
import type { Store } from '../../store/store'
import type { McpServerSpec } from './mcp-connection'
import { resolveEnvRefs } from './stored-mcp-servers'
import { DEFAULT_MCP_CALL_TIMEOUT_MS, DEFAULT_MCP_IDLE_TIMEOUT_MS, type HostedMcpServer, type McpServerSource } from './mcp-host'

/**
 * The MCP servers of the config file (`mcp_servers`), each enabled for the teams whose
 * `teams[].mcp_servers` name it, with the team's tool allow-list. Team ids are looked up on each use;
 * `env:NAME` values of env and headers come from the gateway's environment.
 */
export function configMcpServers(config: Pick<GatewayConfig, 'mcpServers' | 'teams'>, store: Pick<Store, 'teams'>, env: Env = {}): McpServerSource {
  return {
    list(): HostedMcpServer[] {
      return config.mcpServers.map((s) => {
        const spec: McpServerSpec = s.command !== undefined ? { label: s.label, command: s.command, args: s.args ?? [], env: resolveEnvRefs(s.env ?? {}, env) } : { label: s.label, url: s.url!, headers: resolveEnvRefs(s.headers ?? {}, env) }
        const teams = new Map<string, readonly string[] | null>()
        for (const t of config.teams) {
          const entry = t.mcp_servers?.find((e) => (typeof e === 'string' ? e : e.label) === s.label)
          const id = entry === undefined ? undefined : store.teams.getByName(t.name)?.id
          if (entry !== undefined && id) teams.set(id, typeof entry === 'string' ? null : (entry.allowed_tools ?? null))
        }
        return {
          spec,
          callTimeoutMs: s.timeout !== undefined ? s.timeout * 1000 : DEFAULT_MCP_CALL_TIMEOUT_MS,
          idleTimeoutMs: s.idle_timeout !== undefined ? s.idle_timeout * 1000 : DEFAULT_MCP_IDLE_TIMEOUT_MS,
          teams,
        }
      })
    },
  }
}
