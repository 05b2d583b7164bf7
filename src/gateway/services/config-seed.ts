import type { GatewayConfig } from '../config/gateway-config'
import { BUILT_IN_DEFAULTS } from '../config/load-config'
import type { Clock, IdGenerator } from '../kernel/runtime'
import type { SecretCipher } from '../security/secret-cipher'
import { toMicro } from '../store/repos/company-repo'
import type { Store } from '../store/store'
import { modelRow } from './admin/models-admin'
import { applyLimits } from './admin/governance-admin'
import { keyOf, type ConfigKey } from '../config/config-schema'
import { hashKey, keyHint } from './keys/key-material'

interface SeedDeps {
  store: Store
  clock: Clock
  ids: IdGenerator
  cipher: SecretCipher
}

/**
 * Makes the store agree with the config file, in one transaction. Rows the config owns are upserted by
 * name (ids are kept across restarts, so nothing is duplicated) and config rows that left the file are
 * removed; keys that left the file are revoked. Rows made through the admin API are left alone.
 */
export function seedFromConfig(config: GatewayConfig, { store, clock, ids, cipher }: SeedDeps): void {
  const now = clock.now()
  store.transaction(() => {
    const providerIds = new Set(config.providers.map((p) => p.id))
    for (const p of config.providers) {
      const ref = p.api_key?.startsWith('env:') ? p.api_key : null
      const literal = p.api_key && !ref ? cipher.encrypt(p.api_key) : null
      const options = { ...(p.timeouts ? { timeouts: p.timeouts } : {}), ...(p.limits ? { limits: p.limits } : {}), ...(p.headers ? { headers: p.headers } : {}), ...(p.responses ? { responses: p.responses } : {}) }
      store.providers.upsert({ id: p.id, type: p.type, baseUrl: p.base_url ?? null, apiKeyRef: ref, secret: literal, options, source: 'config' }, now)
    }

    const modelNames = new Set(config.models.map((m) => m.name))
    for (const old of store.models.list()) {
      if (old.source === 'config' && !modelNames.has(old.name)) store.models.delete(old.id)
    }
    for (const m of config.models) {
      const existing = store.models.getByName(m.name)
      const id = m.id ?? existing?.id ?? ids.uuid()
      if (existing && existing.id !== id) store.models.delete(existing.id)
      store.models.upsert(modelRow(m, id, 'config'), now)
    }
    for (const old of store.providers.list()) {
      if (old.source === 'config' && !providerIds.has(old.id)) store.providers.delete(old.id)
    }

    const teamNames = new Set(config.teams.map((t) => t.name))
    const userNames = new Set(config.users.map((u) => u.name))
    for (const old of store.users.list()) if (old.source === 'config' && !userNames.has(old.name)) store.users.delete(old.id)
    for (const old of store.teams.list()) if (old.source === 'config' && !teamNames.has(old.name)) store.teams.delete(old.id)

    const configKeyHashes = new Set<string>()
    const seedKeys = (keys: ConfigKey[] | undefined, teamId: string, userId: string | null) => {
      for (const entry of keys ?? []) {
        const key = keyOf(entry)
        const hash = hashKey(key)
        configKeyHashes.add(hash)
        const existing = store.keys.getByHash(hash)
        const id = existing?.id ?? ids.uuid()
        // A key written with limits has the file's; one written plain keeps what the admin API set.
        if (typeof entry !== 'string') applyLimits(store, 'key', id, { rpm_limit: entry.rpm_limit ?? null, tpm_limit: entry.tpm_limit ?? null, budget: entry.budget ?? null }, now)
        if (existing) continue
        store.keys.insert({
          id,
          kind: userId ? 'user' : 'team',
          teamId,
          userId,
          hash,
          hint: keyHint(key),
          name: null,
          source: 'config',
          createdAt: now,
          expiresAt: null,
        })
      }
    }

    // With no config file there is no file to change a team in: the built-in team is only made sure to
    // exist, and is the admin's to edit (its models, its name) like any team made in the UI.
    const builtIn = config.source === BUILT_IN_DEFAULTS
    for (const t of config.teams) {
      const existing = store.teams.getByName(t.name)
      if (builtIn) {
        const team = existing?.source === 'admin' ? existing : store.teams.upsert({ id: existing?.id ?? ids.uuid(), name: t.name, models: existing?.models ?? null, fallbacks: existing?.fallbacks ?? {}, useFallbacks: existing?.useFallbacks ?? true, source: 'admin' }, now)
        seedKeys(t.keys, team.id, null)
        continue
      }
      const team = store.teams.upsert(
        {
          id: existing?.id ?? ids.uuid(),
          name: t.name,
          models: t.models ?? null,
          fallbacks: t.fallbacks ?? {},
          useFallbacks: t.use_fallbacks ?? true,
          cacheTtlSeconds: t.cache?.ttl ?? null,
          source: 'config',
        },
        now,
      )
      seedKeys(t.keys, team.id, null)
      // The file owns a config team's limits and policy: what it leaves out is cleared.
      applyLimits(store, 'team', team.id, { rpm_limit: t.rpm_limit ?? null, tpm_limit: t.tpm_limit ?? null, budget: t.budget ?? null, local_only: t.local_only ?? false, keep_content: t.keep_content ?? true, model_limits: t.model_limits ?? {} }, now)
    }
    for (const u of config.users) {
      const team = store.teams.getByName(u.team)!
      const user = store.users.upsert({ id: store.users.getByName(u.name)?.id ?? ids.uuid(), name: u.name, teamId: team.id, source: 'config' }, now)
      seedKeys(u.keys, team.id, user.id)
      applyLimits(store, 'user', user.id, { rpm_limit: u.rpm_limit ?? null, tpm_limit: u.tpm_limit ?? null, budget: u.budget ?? null }, now)
    }
    for (const k of store.keys.list()) {
      if (k.source === 'config' && k.revokedAt === null && !configKeyHashes.has(k.hash)) store.keys.revoke(k.id, now)
    }

    if (config.credits !== undefined) store.company.applyConfigBudget(toMicro(config.credits))
  })
}
