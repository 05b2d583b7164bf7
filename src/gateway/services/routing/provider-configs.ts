import { parseDurationSeconds } from '../../config/units'
import type { Env } from '../../kernel/runtime'
import type { SecretRedactor } from '../../kernel/secret-redactor'
import type { ProviderConfig, UpstreamLimits, UpstreamTimeouts } from '../../providers/contracts/provider-config'
import type { SecretCipher } from '../../security/secret-cipher'
import type { ProviderRow } from '../../store/repos/providers-repo'

const DEFAULT_TIMEOUTS: UpstreamTimeouts = { connectMs: 10_000, firstByteMs: 120_000, totalMs: 600_000 }

function timeoutsOf(options: Record<string, unknown>): UpstreamTimeouts {
  const t = (options.timeouts ?? {}) as Record<string, string | number | undefined>
  const ms = (v: string | number | undefined, fallback: number) => (v === undefined ? fallback : (parseDurationSeconds(v) ?? fallback / 1000) * 1000)
  return { connectMs: ms(t.connect, DEFAULT_TIMEOUTS.connectMs), firstByteMs: ms(t.first_byte, DEFAULT_TIMEOUTS.firstByteMs), totalMs: ms(t.total, DEFAULT_TIMEOUTS.totalMs) }
}

/** 64 MB of JSON is far beyond any real chat or embeddings reply; one event of 16 MB, beyond any real delta. */
export const DEFAULT_LIMITS: UpstreamLimits = { maxReplyBytes: 64 * 1024 ** 2, maxEventBytes: 16 * 1024 ** 2 }

function limitsOf(options: Record<string, unknown>): UpstreamLimits {
  const l = (options.limits ?? {}) as Record<string, number | undefined>
  return { maxReplyBytes: l.max_reply ?? DEFAULT_LIMITS.maxReplyBytes, maxEventBytes: l.max_event ?? DEFAULT_LIMITS.maxEventBytes }
}

/** Extra headers that carry a credential (an `x-api-key` or `authorization` set in the config) are secrets too. */
const CREDENTIAL_HEADER = /auth|key|token|secret|password/i

/**
 * Provider rows -> the settings providers are built from, with the key resolved (from the environment
 * for `env:NAME`, else the sealed secret), once per row version. Every key resolved is handed to the
 * redactor, so no upstream can echo it back to a client, a log or a usage row.
 */
export function createProviderConfigs(env: Env, cipher: SecretCipher, redactor?: SecretRedactor) {
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
      limits: limitsOf(row.options),
      version: row.updatedAt,
    }
    redactor?.add(config.apiKey)
    for (const [name, value] of Object.entries(config.headers)) if (CREDENTIAL_HEADER.test(name)) redactor?.add(value)
    cache.set(row.id, config)
    return config
  }
}

export type ProviderConfigs = ReturnType<typeof createProviderConfigs>
