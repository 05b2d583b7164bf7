import { parseDurationSeconds } from '../../config/units'
import type { Env } from '../../kernel/runtime'
import type { ProviderConfig, UpstreamTimeouts } from '../../providers/contracts/provider-config'
import type { SecretCipher } from '../../security/secret-cipher'
import type { ProviderRow } from '../../store/repos/providers-repo'

const DEFAULT_TIMEOUTS: UpstreamTimeouts = { connectMs: 10_000, firstByteMs: 120_000, totalMs: 600_000 }

function timeoutsOf(options: Record<string, unknown>): UpstreamTimeouts {
  const t = (options.timeouts ?? {}) as Record<string, string | number | undefined>
  const ms = (v: string | number | undefined, fallback: number) => (v === undefined ? fallback : (parseDurationSeconds(v) ?? fallback / 1000) * 1000)
  return { connectMs: ms(t.connect, DEFAULT_TIMEOUTS.connectMs), firstByteMs: ms(t.first_byte, DEFAULT_TIMEOUTS.firstByteMs), totalMs: ms(t.total, DEFAULT_TIMEOUTS.totalMs) }
}

/**
 * Provider rows -> the settings providers are built from, with the key resolved (from the environment
 * for `env:NAME`, else the sealed secret), once per row version.
 */
export function createProviderConfigs(env: Env, cipher: SecretCipher) {
  const cache = new Map<string, ProviderConfig>()
  return (row: ProviderRow): ProviderConfig => {
    const cached = cache.get(row.id)
    if (cached && cached.version === row.updatedAt) return cached
    const config: ProviderConfig = {
      id: row.id,
      type: row.type,
      baseUrl: row.baseUrl,
      apiKey: row.apiKeyRef ? env[row.apiKeyRef.slice(4)] : row.secret ? cipher.decrypt(row.secret) : undefined,
      headers: (row.options.headers ?? {}) as Record<string, string>,
      timeouts: timeoutsOf(row.options),
      version: row.updatedAt,
    }
    cache.set(row.id, config)
    return config
  }
}

export type ProviderConfigs = ReturnType<typeof createProviderConfigs>
