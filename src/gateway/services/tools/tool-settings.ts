import { GatewayError } from '../../../shared/errors'
import type { WebSearchSettingsInfo, WebSearchSettingsInput } from '../../../shared/tools-wire'
import type { WebSearchConfig } from '../../config/config-schema'
import type { Env } from '../../kernel/runtime'
import type { SecretCipher } from '../../security/secret-cipher'
import type { Store } from '../../store/store'

/** The settings the web search tool runs with: defaults, then Settings (stored), then the config file. */
export interface WebSearchSettings {
  searxngUrl: string | null
  duckduckgoUrl: string
  braveUrl: string
  braveApiKey: string | null
  timeoutMs: number
  maxResults: number
  maxPageBytes: number
  maxRedirects: number
  allowPrivateAddresses: boolean
  /** Changes whenever a setting does, so fetchers built from them are rebuilt. */
  version: number
}

const DEFAULTS = {
  duckduckgo_url: 'https://html.duckduckgo.com/html/',
  brave_url: 'https://api.search.brave.com/res/v1/web/search',
  timeout_seconds: 10,
  max_results: 5,
  max_page_bytes: 2 * 1024 * 1024,
  max_redirects: 5,
  allow_private_addresses: false,
}

const STORE_KEY = 'tools.web_search'

/** What Settings stores; the Brave key sealed like provider keys. */
interface Stored {
  searxng_url?: string
  duckduckgo_url?: string
  brave_url?: string
  brave_api_key_sealed?: string
  brave_api_key_env?: string
  timeout_seconds?: number
  max_results?: number
  max_page_bytes?: number
  max_redirects?: number
  allow_private_addresses?: boolean
}

const CONFIG_FIELDS: Record<keyof WebSearchConfig, keyof WebSearchSettingsInput> = {
  searxng_url: 'searxng_url',
  duckduckgo_url: 'duckduckgo_url',
  brave_url: 'brave_url',
  brave_api_key: 'brave_api_key',
  timeout: 'timeout_seconds',
  max_results: 'max_results',
  max_page_bytes: 'max_page_bytes',
  max_redirects: 'max_redirects',
  allow_private_addresses: 'allow_private_addresses',
}

/** `tools.web_search` of the config file over what Settings stored; fields the file sets cannot be changed here. */
export function createToolSettings(deps: { store: Store; cipher: SecretCipher; env: Env; config: WebSearchConfig }) {
  const { store, cipher, env, config } = deps
  let version = 0
  let cached: WebSearchSettings | undefined

  const readStored = (): Stored => JSON.parse(store.settings.get(STORE_KEY) ?? '{}') as Stored
  const fromConfig = () => (Object.keys(config) as Array<keyof WebSearchConfig>).filter((k) => config[k] !== undefined).map((k) => CONFIG_FIELDS[k])

  function braveKey(s: Stored): { key: string | null; env: string | null } {
    const raw = config.brave_api_key
    if (raw !== undefined) return raw.startsWith('env:') ? { key: env[raw.slice(4)] ?? null, env: raw.slice(4) } : { key: raw, env: null }
    if (s.brave_api_key_env) return { key: env[s.brave_api_key_env] ?? null, env: s.brave_api_key_env }
    return { key: s.brave_api_key_sealed ? cipher.decrypt(Buffer.from(s.brave_api_key_sealed, 'base64')) : null, env: null }
  }

  function effective(): WebSearchSettings {
    if (cached) return cached
    const s = readStored()
    cached = {
      searxngUrl: config.searxng_url ?? s.searxng_url ?? null,
      duckduckgoUrl: config.duckduckgo_url ?? s.duckduckgo_url ?? DEFAULTS.duckduckgo_url,
      braveUrl: config.brave_url ?? s.brave_url ?? DEFAULTS.brave_url,
      braveApiKey: braveKey(s).key,
      timeoutMs: (config.timeout ?? s.timeout_seconds ?? DEFAULTS.timeout_seconds) * 1000,
      maxResults: config.max_results ?? s.max_results ?? DEFAULTS.max_results,
      maxPageBytes: config.max_page_bytes ?? s.max_page_bytes ?? DEFAULTS.max_page_bytes,
      maxRedirects: config.max_redirects ?? s.max_redirects ?? DEFAULTS.max_redirects,
      allowPrivateAddresses: config.allow_private_addresses ?? s.allow_private_addresses ?? DEFAULTS.allow_private_addresses,
      version,
    }
    return cached
  }

  function info(): WebSearchSettingsInfo {
    const e = effective()
    const key = braveKey(readStored())
    return {
      searxng_url: e.searxngUrl,
      duckduckgo_url: e.duckduckgoUrl,
      brave_url: e.braveUrl,
      has_brave_api_key: key.key !== null,
      brave_api_key_env: key.env,
      timeout_seconds: e.timeoutMs / 1000,
      max_results: e.maxResults,
      max_page_bytes: e.maxPageBytes,
      max_redirects: e.maxRedirects,
      allow_private_addresses: e.allowPrivateAddresses,
      from_config: fromConfig(),
    }
  }

  return {
    webSearch: effective,
    info,
    /** Applies a Settings change: each field set to a value is stored, null goes back to the default. */
    update(input: WebSearchSettingsInput): WebSearchSettingsInfo {
      const locked = fromConfig().filter((f) => input[f] !== undefined)
      if (locked.length) {
        throw new GatewayError({
          status: 409,
          type: 'invalid_request_error',
          code: 'managed_by_config',
          param: `web_search.${locked[0]}`,
          message: `tools.web_search sets ${locked.join(', ')} in the config file; change ${locked.length > 1 ? 'them' : 'it'} there and restart.`,
        })
      }
      const next: Stored = { ...readStored() }
      const put = <K extends keyof Stored>(key: K, value: Stored[K] | null | undefined) => {
        if (value === undefined) return
        if (value === null) delete next[key]
        else next[key] = value
      }
      put('searxng_url', input.searxng_url)
      put('duckduckgo_url', input.duckduckgo_url)
      put('brave_url', input.brave_url)
      put('timeout_seconds', input.timeout_seconds)
      put('max_results', input.max_results)
      put('max_page_bytes', input.max_page_bytes)
      put('max_redirects', input.max_redirects)
      put('allow_private_addresses', input.allow_private_addresses)
      if (input.brave_api_key !== undefined) {
        delete next.brave_api_key_sealed
        delete next.brave_api_key_env
        const k = input.brave_api_key
        if (k?.startsWith('env:')) next.brave_api_key_env = k.slice(4)
        else if (k) next.brave_api_key_sealed = cipher.encrypt(k).toString('base64')
      }
      store.settings.set(STORE_KEY, JSON.stringify(next))
      version++
      cached = undefined
      return info()
    },
  }
}

export type ToolSettings = ReturnType<typeof createToolSettings>
