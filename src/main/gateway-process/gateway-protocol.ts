/**
 * Messages between Electron's main process and the gateway process it supervises (an Electron utility
 * process; in tests a plain Node child). Structured-clone data only.
 */
export interface GatewayStartRequest {
  dataDir: string
  /** A YAML/JSON config file; null for the built-in defaults. */
  configFile: string | null
  /** Overrides the config's port (the desktop settings' choice). */
  port: number | null
  /** Unsealed by the main process from the OS keychain; absent: the data dir's 0600 files. */
  adminToken?: string
  /** base64 of the 32-byte key that encrypts provider credentials in the database. */
  secretKey?: string
  /** better-sqlite3 built for Electron's ABI, when it is not the one in node_modules. */
  nativeBinding?: string
  /** false when the main process holds the data dir lock for this gateway. */
  lockOwner: string | false
  logLevel?: string
}

export type StartFailure = 'port-taken' | 'locked' | 'sealed' | 'config' | 'error'

export type ToGateway = { type: 'start'; request: GatewayStartRequest } | { type: 'stop'; drainMs: number }

export type FromGateway =
  | { type: 'ready'; url: string; adminToken: string; firstRunKey: { teamName: string; key: string } | null }
  | { type: 'start-failed'; reason: StartFailure; message: string; port?: number; holderUrl?: string | null }
  | { type: 'draining'; inFlight: number }
  | { type: 'stopped'; drained: boolean }

export function isFromGateway(m: unknown): m is FromGateway {
  return typeof m === 'object' && m !== null && typeof (m as { type?: unknown }).type === 'string'
}
