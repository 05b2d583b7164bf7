import { request, type Dispatcher } from 'undici'
import type { ProviderProbe, UpstreamModel } from '../../../shared/admin-wire'
import { ANTHROPIC_VERSION } from '../../providers/anthropic/anthropic-chat-provider'

/** What a probe needs: an unsaved form's values, or a saved provider's with its key unsealed. */
export interface ProbeTarget {
  type: 'openai' | 'anthropic'
  baseUrl: string | null
  apiKey: string | null
  headers?: Record<string, string>
}

export interface ProbeOptions {
  now: () => number
  /** Whole call, connect to last byte. */
  timeoutMs?: number
  dispatcher?: Dispatcher
}

// The same defaults the chat providers use when a provider has no base_url.
const DEFAULT_BASE_URL = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com' } as const
const DEFAULT_TIMEOUT_MS = 10_000
const MAX_LISTED = 2000

/** `GET {base}/models` (OpenAI) or `{base}/v1/models` (Anthropic, base given with or without `/v1`). */
export function modelsUrl(target: Pick<ProbeTarget, 'type' | 'baseUrl'>): string {
  const base = (target.baseUrl ?? DEFAULT_BASE_URL[target.type]).replace(/\/+$/, '')
  return target.type === 'anthropic' && !/\/v1$/.test(base) ? `${base}/v1/models?limit=1000` : `${base}/models${target.type === 'anthropic' ? '?limit=1000' : ''}`
}

function authHeaders(target: ProbeTarget): Record<string, string> {
  if (target.type === 'anthropic') return { 'anthropic-version': ANTHROPIC_VERSION, ...(target.apiKey ? { 'x-api-key': target.apiKey } : {}) }
  return target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}
}

/** Upstream text can quote what it was sent; the key never leaves through a probe's answer. */
function scrub(text: string, key: string | null): string {
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
 * One live call to the provider's model list: says whether the URL and key work, how long the round
 * trip took, and which models the provider offers. Never throws for an upstream failure: the answer
 * carries it, worded for a person, with the key scrubbed out.
 */
export async function probeProvider(target: ProbeTarget, opts: ProbeOptions): Promise<ProviderProbe> {
  const started = opts.now()
  const url = modelsUrl(target)
  const elapsed = () => Math.max(0, Math.round(opts.now() - started))
  try {
    const res = await request(url, {
      method: 'GET',
      headers: { accept: 'application/json', ...target.headers, ...authHeaders(target) },
      signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      ...(opts.dispatcher ? { dispatcher: opts.dispatcher } : {}),
    })
    const text = await res.body.text()
    const latency = elapsed()
    if (res.statusCode < 200 || res.statusCode >= 300) {
      const detail = scrub(errorText(text).trim(), target.apiKey)
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
    const what = timedOut ? `did not answer within ${Math.round((opts.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s` : `could not be reached (${err.code ?? scrub(err.message, target.apiKey)})`
    return { ok: false, status: null, latency_ms: elapsed(), error: `${new URL(url).origin} ${what}.`, models: [] }
  }
}
