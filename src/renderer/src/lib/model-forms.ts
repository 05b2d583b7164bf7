import type { ModelPricing } from '../../../shared/admin-wire'
import type { DeploymentSetting } from '../../../shared/deployments'

/** What the gateway takes as a model name (models-admin's rule): letters, digits and . _ : / - */
export const MODEL_NAME = /^[A-Za-z0-9_.:/-]+$/
/** What it takes as a provider id: letters, digits, dot, dash and underscore. */
export const PROVIDER_ID = /^[A-Za-z0-9_.-]+$/

/** A model name clients can type, made from an upstream id ("models/gemini 1.5" -> "models/gemini-1.5"). */
export const modelNameFrom = (upstream: string) => upstream.trim().replace(/[^A-Za-z0-9_.:/-]+/g, '-').replace(/^-+|-+$/g, '') || 'model'

/** A short provider id from its URL (api.groq.com -> groq), or its type; never one already taken. */
export function providerIdFrom(type: 'openai' | 'anthropic', baseUrl: string, taken: string[]): string {
  let base: string = type
  try {
    const host = new URL(baseUrl).hostname
    if (/^[\d.]+$|^\[|^localhost$/.test(host)) base = `${type === 'openai' ? 'local' : type}-${new URL(baseUrl).port || 'server'}`
    else base = host.split('.').filter((p) => !['api', 'www', 'com', 'ai', 'io', 'net', 'org', 'dev', 'co'].includes(p))[0] ?? type
  } catch {
    // No URL yet: the type names it.
  }
  base = base.replace(/[^A-Za-z0-9_.-]+/g, '-')
  let id = base
  for (let i = 2; taken.includes(id); i++) id = `${base}-${i}`
  return id
}

/** A price field: empty is unset, otherwise a number of credits at least 0. */
export function parsePrice(text: string): { ok: true; value: number | undefined } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, value: undefined }
  const n = Number(text)
  return Number.isFinite(n) && n >= 0 ? { ok: true, value: n } : { ok: false, message: 'Credits per 1M tokens: a number, 0 or more.' }
}

/** Input and output prices as typed, checked; the pricing to save or the first problem. */
export function pricingFrom(input: string, output: string): { ok: true; pricing: ModelPricing } | { ok: false; message: string } {
  const i = parsePrice(input)
  const o = parsePrice(output)
  if (!i.ok) return i
  if (!o.ok) return o
  return { ok: true, pricing: { ...(i.value !== undefined ? { input: i.value } : {}), ...(o.value !== undefined ? { output: o.value } : {}) } }
}

export function pricingText(p: ModelPricing): string {
  const parts = [p.input !== undefined && `${p.input} in`, p.output !== undefined && `${p.output} out`, p.cached_input !== undefined && `${p.cached_input} cached`].filter(Boolean)
  const rows = [parts.length ? `${parts.join(' · ')} / 1M tokens` : '']
  if (p.per_second !== undefined) rows.push(`${p.per_second} / second of audio`)
  if (p.per_million_characters !== undefined) rows.push(`${p.per_million_characters} / 1M characters`)
  return rows.filter(Boolean).join('; ') || 'free'
}

/** Deployments as the model dialog shows them: one `provider/upstream weight` a line (weight 1 left out). */
export const deploymentsText = (list: readonly DeploymentSetting[] | null | undefined): string =>
  (list ?? []).map((d) => `${d.provider}/${d.upstream}${d.weight && d.weight !== 1 ? ` ${d.weight}` : ''}`).join('\n')

/** The deployments typed in the model dialog, checked against the providers there are; null when none. */
export function deploymentsFrom(text: string, providers: readonly string[]): { ok: true; deployments: DeploymentSetting[] | null } | { ok: false; message: string } {
  const deployments: DeploymentSetting[] = []
  for (const [i, line] of text.split('\n').map((l) => l.trim()).entries()) {
    if (!line) continue
    const m = /^([^/\s]+)\/(\S+)(?:\s+(\d+))?$/.exec(line)
    if (!m) return { ok: false, message: `Line ${i + 1}: write provider/upstream and an optional weight, e.g. "east/gpt-4o-mini 3".` }
    if (!providers.includes(m[1]!)) return { ok: false, message: `Line ${i + 1}: there is no provider "${m[1]}".` }
    const weight = m[3] === undefined ? 1 : Number(m[3])
    if (weight < 1 || weight > 1000) return { ok: false, message: `Line ${i + 1}: the weight is a whole number from 1 to 1000.` }
    deployments.push({ provider: m[1]!, upstream: m[2]!, weight })
  }
  return { ok: true, deployments: deployments.length ? deployments : null }
}
