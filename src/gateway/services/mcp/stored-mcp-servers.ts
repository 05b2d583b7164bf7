import type { Env } from '../../kernel/runtime'
import type { SecretCipher } from '../../security/secret-cipher'
import type { McpServerRow } from '../../store/repos/mcp-servers-repo'
import type { Store } from '../../store/store'
import { DEFAULT_MCP_CALL_TIMEOUT_MS, DEFAULT_MCP_IDLE_TIMEOUT_MS, type HostedMcpServer, type McpServerSource } from './mcp-host'

export interface McpSecrets {
  env: Record<string, string>
  headers: Record<string, string>
}

export const sealSecrets = (cipher: SecretCipher, s: McpSecrets): Buffer | null => (Object.keys(s.env).length || Object.keys(s.headers).length ? cipher.encrypt(JSON.stringify(s)) : null)
export const openSecrets = (cipher: SecretCipher, sealed: Buffer | null): McpSecrets => (sealed ? (JSON.parse(cipher.decrypt(sealed)) as McpSecrets) : { env: {}, headers: {} })

/** Values written `env:NAME` read from the gateway's environment when used (a variable not set is left out), as provider keys. */
export function resolveEnvRefs(values: Record<string, string>, env: Env): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(values)) {
    const value = v.startsWith('env:') ? env[v.slice(4)] : v
    if (value !== undefined) out[k] = value
  }
  return out
}

/** A stored server as the host runs it, its env and headers unsealed. */
export function hostedFromRow(row: McpServerRow, cipher: SecretCipher, environment: Env = {}): HostedMcpServer {
  const sealed = openSecrets(cipher, row.secrets)
  const env = resolveEnvRefs(sealed.env, environment)
  const headers = resolveEnvRefs(sealed.headers, environment)
  return {
    spec: row.transport === 'stdio' ? { label: row.label, command: row.command!, args: row.args, env } : { label: row.label, url: row.url!, headers },
    callTimeoutMs: row.timeoutMs ?? DEFAULT_MCP_CALL_TIMEOUT_MS,
    idleTimeoutMs: DEFAULT_MCP_IDLE_TIMEOUT_MS,
    teams: new Map(row.teams.map((t) => [t.teamId, t.allowedTools])),
  }
}

/** The servers registered through the admin API. */
export const storedMcpServers = (store: Pick<Store, 'mcpServers'>, cipher: SecretCipher, env: Env): McpServerSource => ({
  list: () => store.mcpServers.list().map((row) => hostedFromRow(row, cipher, env)),
})

/** Several sources as one: config servers first (a label is unique across them, the admin API checks). */
export const joinedMcpServers = (...sources: McpServerSource[]): McpServerSource => ({ list: () => sources.flatMap((s) => s.list()) })
