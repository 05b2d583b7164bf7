import { Agent, type Dispatcher } from 'undici'
import { parseDurationSeconds } from '../../config/units'
import type { Env } from '../../kernel/runtime'
import type { SecretCipher } from '../../security/secret-cipher'
import type { ProviderRow } from '../../store/repos/providers-repo'

export interface UpstreamTimeouts {
  connectMs: number
  firstByteMs: number
  totalMs: number
}

const DEFAULT_TIMEOUTS: UpstreamTimeouts = { connectMs: 10_000, firstByteMs: 120_000, totalMs: 600_000 }

export interface UpstreamConnection {
  baseUrl: string
  apiKey: string | undefined
  headers: Record<string, string>
  timeouts: UpstreamTimeouts
  dispatcher: Dispatcher
}

function timeoutsOf(options: Record<string, unknown>): UpstreamTimeouts {
  const t = (options.timeouts ?? {}) as Record<string, string | number | undefined>
  const ms = (v: string | number | undefined, fallback: number) => (v === undefined ? fallback : (parseDurationSeconds(v) ?? fallback / 1000) * 1000)
  return { connectMs: ms(t.connect, DEFAULT_TIMEOUTS.connectMs), firstByteMs: ms(t.first_byte, DEFAULT_TIMEOUTS.firstByteMs), totalMs: ms(t.total, DEFAULT_TIMEOUTS.totalMs) }
}

/**
 * One keep-alive connection pool per provider, rebuilt when the provider row changes. The provider's
 * key comes from the environment (`env:NAME`) or from the sealed secret, at call time.
 */
export function createUpstreamConnections(env: Env, cipher: SecretCipher) {
  const cache = new Map<string, { version: number; conn: UpstreamConnection }>()
  return {
    get(provider: ProviderRow, defaultBaseUrl: string): UpstreamConnection {
      const cached = cache.get(provider.id)
      if (cached && cached.version === provider.updatedAt) return cached.conn
      void cached?.conn.dispatcher.close()
      const timeouts = timeoutsOf(provider.options)
      const apiKey = provider.apiKeyRef ? env[provider.apiKeyRef.slice(4)] : provider.secret ? cipher.decrypt(provider.secret) : undefined
      const conn: UpstreamConnection = {
        baseUrl: (provider.baseUrl ?? defaultBaseUrl).replace(/\/+$/, ''),
        apiKey,
        headers: (provider.options.headers ?? {}) as Record<string, string>,
        timeouts,
        dispatcher: new Agent({ connect: { timeout: timeouts.connectMs }, headersTimeout: timeouts.firstByteMs, bodyTimeout: timeouts.firstByteMs, keepAliveTimeout: 30_000, connections: 256 }),
      }
      cache.set(provider.id, { version: provider.updatedAt, conn })
      return conn
    },
    async closeAll(): Promise<void> {
      await Promise.all([...cache.values()].map((c) => c.conn.dispatcher.close()))
      cache.clear()
    },
  }
}

export type UpstreamConnections = ReturnType<typeof createUpstreamConnections>
