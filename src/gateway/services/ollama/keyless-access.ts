/**
 * Keyless access to the Ollama routes, for tools that cannot send a key: off by default; when on,
 * a request from this machine (loopback) without any credential acts as one chosen team, under its
 * own credit ceiling (what keyless requests may spend in all; raise it to allow more).
 */
import { badRequest, GatewayError } from '../../../shared/errors'
import type { OllamaKeylessSettings } from '../../../shared/ollama-wire'
import type { Store } from '../../store/store'
import type { Principal } from '../auth/principal'

export type KeylessSetting = OllamaKeylessSettings

const SETTING_KEY = 'ollama.keyless'
/** The key id keyless requests are logged under, so the usage page tells them apart. */
export const KEYLESS_KEY_ID = 'ollama-keyless'
const OFF: KeylessSetting = { enabled: false, team: null, creditCeiling: 0 }

export function createKeylessAccess(store: Store) {
  const read = (): KeylessSetting => {
    const raw = store.settings.get(SETTING_KEY)
    return raw ? { ...OFF, ...(JSON.parse(raw) as Partial<KeylessSetting>) } : OFF
  }
  return {
    get: read,

    set(input: KeylessSetting): KeylessSetting {
      if (input.enabled && (input.team === null || !store.teams.list().some((t) => t.name === input.team))) {
        throw badRequest(`team must name an existing team for keyless access (got ${JSON.stringify(input.team)}); pick one under Teams`, 'team')
      }
      if (!Number.isFinite(input.creditCeiling) || input.creditCeiling < 0) throw badRequest('creditCeiling must be a number of credits >= 0', 'creditCeiling')
      store.settings.set(SETTING_KEY, JSON.stringify(input))
      return read()
    },

    /** The principal of a keyless loopback request, or null when keyless access is off. */
    principal(): Principal | null {
      const s = read()
      const team = s.enabled ? store.teams.list().find((t) => t.name === s.team) : undefined
      if (!team) return null
      const spentMicro = store.usageStats.totals({ keyId: KEYLESS_KEY_ID }).creditsMicro
      if (spentMicro >= s.creditCeiling * 1e6) {
        throw new GatewayError({
          status: 402,
          type: 'insufficient_credits',
          code: 'keyless_ceiling_reached',
          message: `Keyless requests have spent their ceiling of ${s.creditCeiling} credits. Raise it in Settings (Ollama keyless access), or send an API key.`,
        })
      }
      return { keyId: KEYLESS_KEY_ID, kind: 'team', userId: null, team, deprecation: null, scopes: null }
    },
  }
}

export type KeylessAccess = ReturnType<typeof createKeylessAccess>
