import type { ProviderProbe, ProviderType, UpstreamModel } from '../../../shared/admin-wire'
import { badRequest } from '../../../shared/errors'
import type { ProviderRegistry } from '../../providers/registry'
import type { ProviderConfigs } from '../routing/provider-configs'
import type { AdminDeps } from './admin-deps'
import { found } from './admin-rules'

const TIMEOUT_MS = 10_000
const MAX_LISTED = 2000

/** Upstream text can quote what it was sent; the key never leaves through a probe's answer. */
function scrub(text: string, key: string | null | undefined): string {
  const short = text.length > 300 ? `${text.slice(0, 300)}…` : text
  return key && key.length >= 4 ? short.split(key).join('***') : short
}

function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string }
    if (typeof parsed.error === 'string') return parsed.error
    return parsed.error?.message ?? parsed.message ?? body
  } catch {
    return body
  }
}

function modelsOf(body: unknown): UpstreamModel[] | null {
  const data = (body as { data?: unknown })?.data
  if (!Array.isArray(data)) return null
  return data
    .filter((m): m is { id: string } & Record<string, unknown> => typeof (m as { id?: unknown })?.id === 'string')
    .slice(0, MAX_LISTED)
    .map((m) => ({
      id: m.id,
      ...(typeof m.display_name === 'string' ? { display_name: m.display_name } : {}),
      ...(typeof m.owned_by === 'string' ? { owned_by: m.owned_by } : {}),
    }))
    .sort((a, b) => a.id.localeCompare(b.id))
}

const hint = (status: number) =>
  status === 401 || status === 403
    ? ' Check the API key.'
    : status === 404
      ? ' Check the base URL (OpenAI-compatible URLs usually end in /v1); a server without a model list can still be used by typing model ids.'
      : ''

/**
 * One live call to a provider's model list (the URL and headers come from its provider folder): says
 * whether the URL and key work, how long the round trip took, and which models the provider offers.
 * Never throws for an upstream failure: the answer carries it, worded for a person, the key scrubbed out.
 */
async function probe(endpoint: { url: string; headers: Record<string, string> }, apiKey: string | null | undefined, now: () => number): Promise<ProviderProbe> {
  const { request } = await import('undici') // loaded by the first probe, before its clock starts
  const started = now()
  const elapsed = () => Math.max(0, Math.round(now() - started))
  try {
    const res = await request(endpoint.url, { method: 'GET', headers: { accept: 'application/json', ...endpoint.headers }, signal: AbortSignal.timeout(TIMEOUT_MS) })
    const text = await res.body.text()
    const latency = elapsed()
    if (res.statusCode < 200 || res.statusCode >= 300) {
      const detail = scrub(errorText(text).trim(), apiKey)
      const sentence = detail ? `: ${detail}${/[.!?…]$/.test(detail) ? '' : '.'}` : '.'
      return { ok: false, status: res.statusCode, latency_ms: latency, error: `The provider answered ${res.statusCode}${sentence}${hint(res.statusCode)}`, models: [] }
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return { ok: false, status: res.statusCode, latency_ms: latency, error: 'The provider answered, but not with JSON: is the base URL the API (often ending in /v1) rather than a web page?', models: [] }
    }
    const models = modelsOf(body)
    if (!models) return { ok: false, status: res.statusCode, latency_ms: latency, error: 'The provider answered without a model list ({"data": [...]}).', models: [] }
    return { ok: true, status: res.statusCode, latency_ms: latency, error: null, models }
  } catch (e) {
    const err = e as Error & { code?: string }
    const timedOut = err.name === 'TimeoutError' || /TIMEOUT/i.test(err.code ?? '')
    const what = timedOut ? `did not answer within ${Math.round(TIMEOUT_MS / 1000)} s` : `could not be reached (${err.code ?? scrub(err.message, apiKey)})`
    return { ok: false, status: null, latency_ms: elapsed(), error: `${new URL(endpoint.url).origin} ${what}.`, models: [] }
  }
}

/** "Test connection" and "import its model list" for the Models page, for a provider being filled in or a saved one. */
export function createProviderProbe({ store, clock }: AdminDeps, registry: ProviderRegistry, providerConfigs: ProviderConfigs) {
  const now = () => clock.now()
  const endpointOf = (type: ProviderType, id: string, config: { baseUrl: string | null; apiKey: string | undefined; headers?: Record<string, string> }) => {
    const endpoint = registry.modelsEndpoint(type, config)
    if (!endpoint) throw badRequest(`Provider "${id}" runs on this machine: there is nothing to connect to.`, 'id')
    return { url: endpoint.url, headers: { ...config.headers, ...endpoint.headers } }
  }
  return {
    /** Nothing is saved: the form's values as they are. */
    unsaved: (body: { type: 'openai' | 'anthropic'; base_url?: string | null; api_key?: string | null }) =>
      probe(endpointOf(body.type, body.type, { baseUrl: body.base_url ?? null, apiKey: body.api_key ?? undefined }), body.api_key, now),
    /** A saved provider, with its stored (or `env:`) key and its extra headers. */
    saved(id: string) {
      const row = found(store.providers.get(id), 'provider', id, 'provider_not_found')
      const config = providerConfigs(row)
      return probe(endpointOf(row.type, row.id, config), config.apiKey, now)
    },
  }
}
