import type { Pool } from 'undici'
import type * as Undici from 'undici'
import { loadOnFirstUse } from '../../kernel/load-on-first-use'
import type { SecretRedactor } from '../../kernel/secret-redactor'
import type { ProviderConfig, UpstreamLimits, UpstreamTimeouts } from '../contracts/provider-config'

/**
 * undici's Pool and header parser from their own files, loaded by the first request to an upstream. The package's
 * index loads all of undici (fetch, WebSocket, cookies, caches, mocks): on this machine 120-160 ms of that first
 * request and some 8 MB more than these two files and what they need (44-56 ms). undici has no exports map, so its
 * files are reachable; upstream-connection.test.ts checks that they are still the package's own exports.
 */
export const UNDICI_POOL_FILE = 'undici/lib/dispatcher/pool.js'
export const UNDICI_UTIL_FILE = 'undici/lib/core/util.js'
const undiciPool = loadOnFirstUse<typeof Undici.Pool>(UNDICI_POOL_FILE)
const undiciUtil = loadOnFirstUse<typeof Undici.util>(UNDICI_UTIL_FILE)

export interface UpstreamConnection {
  providerId: string
  baseUrl: string
  apiKey: string | undefined
  /** The base URL's path (`/v1`), put before every request path: the pool is for the origin. */
  basePath: string
  headers: Record<string, string>
  timeouts: UpstreamTimeouts
  limits: UpstreamLimits
  /** Masks the gateway's secrets in whatever the upstream sends back. */
  redactor: SecretRedactor
  /** Keep-alive connections to the base URL's origin. */
  dispatcher: Pool
}

/** A reply's raw header lines as `name: value` (lower-case names, repeated ones as arrays), as undici's request() gives them. */
export const parseReplyHeaders = (raw: Buffer[]): Record<string, string | string[] | undefined> => undiciUtil().parseHeaders(raw)

/**
 * One keep-alive connection pool per provider, rebuilt when the provider's settings change (the old
 * pool closes once its requests are done).
 */
export function createUpstreamConnections(redactor: SecretRedactor) {
  const cache = new Map<string, { version: number; conn: UpstreamConnection }>()
  return {
    get(config: ProviderConfig, defaultBaseUrl: string): UpstreamConnection {
      const cached = cache.get(config.id)
      if (cached && cached.version === config.version) return cached.conn
      void cached?.conn.dispatcher.close()
      const { timeouts } = config
      const baseUrl = (config.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '')
      const url = new URL(baseUrl)
      const conn: UpstreamConnection = {
        providerId: config.id,
        baseUrl,
        basePath: url.pathname.replace(/\/+$/, ''),
        apiKey: config.apiKey,
        headers: config.headers,
        timeouts,
        limits: config.limits,
        redactor,
        dispatcher: new (undiciPool())(url.origin, { connect: { timeout: timeouts.connectMs }, headersTimeout: timeouts.firstByteMs, bodyTimeout: timeouts.firstByteMs, keepAliveTimeout: 30_000, connections: 256 }),
      }
      cache.set(config.id, { version: config.version, conn })
      return conn
    },
    async closeAll(): Promise<void> {
      await Promise.all([...cache.values()].map((c) => c.conn.dispatcher.close()))
      cache.clear()
    },
  }
}

export type UpstreamConnections = ReturnType<typeof createUpstreamConnections>
