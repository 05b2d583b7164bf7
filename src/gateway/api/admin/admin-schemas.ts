import { z } from 'zod'
import { BUDGET_PERIOD_NAMES, MAX_TOP_UP_CREDITS, OAUTH_SCOPES } from '../../../shared/admin-wire'
import { MODEL_ENGINES, MODEL_KINDS } from '../../../shared/model-kind'
import { nativeAudioSchema } from '../../../shared/model-audio'
import { deploymentsSchema, routingSchema } from '../../../shared/deployments'
import { localModelSettingsFields } from '../../../shared/local-model-settings'
import { pricingSchema } from '../../../shared/pricing'

/**
 * Bodies and queries of the admin API, declared on each route (fastify-type-provider-zod). Each is built on its
 * route's first request (z.lazy): built at start, a gateway that is never administered would hold them all.
 */

export const idParams = z.lazy(() => z.object({ id: z.string() }))

const perMinute = z.number().int().positive().nullable().optional()

/** Issue 27's limits on a key, user or team: `null` clears one, absent keeps it. */
export const limitFields = {
  rpm_limit: perMinute,
  tpm_limit: perMinute,
  budget: z
    .strictObject({
      credits: z.number().positive().max(MAX_TOP_UP_CREDITS),
      period: z.enum(BUDGET_PERIOD_NAMES as ['1d', '7d', '30d', 'month']),
    })
    .nullable()
    .optional(),
}

export const teamBody = z.lazy(() => z.strictObject({
  name: z.string().trim().min(1),
  models: z.array(z.string()).nullable().optional(),
  fallbacks: z.record(z.string(), z.array(z.string())).optional(),
  use_fallbacks: z.boolean().optional(),
  ...limitFields,
  local_only: z.boolean().optional(),
  keep_content: z.boolean().optional(),
  model_limits: z.record(z.string(), z.strictObject({ rpm_limit: perMinute, tpm_limit: perMinute })).optional(),
  /** Cache every answer of the team's requests this many seconds; null turns it off. */
  cache: z.strictObject({ ttl: z.number().int().min(1, 'must be at least 1 second').max(30 * 86400, 'must be at most 2592000 seconds (30 days)') }).nullable().optional(),
}))

export const teamPatchBody = z.lazy(() => teamBody.unwrap().partial())

export const userBody = z.lazy(() => z.strictObject({ name: z.string().trim().min(1), team_id: z.string().min(1), ...limitFields }))
export const userRenameBody = z.lazy(() => z.strictObject({ name: z.string().trim().min(1).optional(), ...limitFields }))
export const keyLimitsBody = z.lazy(() => z.strictObject(limitFields))

export const newKeyBody = z.lazy(() => z
  .strictObject({
    team_id: z.string().min(1).optional(),
    user_id: z.string().min(1).optional(),
    name: z.string().max(200).nullable().optional(),
    /** Unix seconds. */
    expires_at: z.number().int().positive().nullable().optional(),
    ...limitFields,
  })
  .default({}))

export const rotateBody = z.lazy(() => z.strictObject({ grace_seconds: z.number().int().min(0).max(365 * 86400).optional() }).optional())

export const modelBody = z.lazy(() => z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_.:/-]+$/, 'may hold only letters, digits and . _ : / -'),
  provider: z.string().min(1),
  upstream: z.string().min(1).nullable().optional(),
  engine: z.enum(MODEL_ENGINES).nullable().optional(),
  kind: z.enum(MODEL_KINDS).nullable().optional(),
  file: z.string().min(1).nullable().optional(),
  aliases: z.array(z.string().min(1)).optional(),
  pricing: pricingSchema.optional(),
  native_audio: nativeAudioSchema.nullable().optional(),
  deployments: deploymentsSchema.nullable().optional(),
  routing: routingSchema.nullable().optional(),
  /** Seconds a failing deployment rests when it sent no `retry-after` (30 when unset). */
  cooldown: z.number().int().min(0).max(86400, 'must be at most 86400 seconds').nullable().optional(),
  ...localModelSettingsFields,
}))

export const providerBody = z.lazy(() => z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'may hold only letters, digits, dot, dash and underscore'),
  type: z.enum(['openai', 'anthropic', 'local']),
  base_url: z.url({ protocol: /^https?$/ }).nullable().optional(),
  /** Write-only: stored encrypted, never returned. */
  api_key: z.string().min(1).nullable().optional(),
  /** openai-type only: "native" passes /v1/responses through to the provider's own Responses API. */
  responses: z.enum(['pivot', 'native'], { error: 'must be "pivot" (through Chat Completions) or "native" (the provider has /v1/responses)' }).optional(),
}))
export const providerPatchBody = z.lazy(() => providerBody.unwrap().omit({ id: true }).partial())
/** A provider being filled in, for a live test before it is saved. */
export const probeBody = z.lazy(() => z.strictObject({
  type: z.enum(['openai', 'anthropic']),
  base_url: z.url({ protocol: /^https?$/ }).nullable().optional(),
  api_key: z.string().min(1).nullable().optional(),
}))

export const newOAuthClientBody = z.lazy(() => z
  .strictObject({
    team_id: z.string().min(1).optional(),
    user_id: z.string().min(1).optional(),
    name: z.string().max(200).nullable().optional(),
    scopes: z.array(z.enum(OAUTH_SCOPES)).min(1).optional(),
    /** How long its tokens last: 1 minute to 1 day (default 1 hour). */
    token_ttl_seconds: z.number().int().min(60).max(86_400).optional(),
  })
  .default({}))

export const creditsBody = z.lazy(() => z.strictObject({
  add: z
    .number()
    .refine((n) => n !== 0 && Number.isFinite(n), 'must be a non-zero number of credits')
    .refine((n) => Math.abs(n) <= MAX_TOP_UP_CREDITS, `must be at most ${MAX_TOP_UP_CREDITS} credits (either way) in one call`),
  /** A take-back that leaves the balance below zero needs this, so no one does it by mistake. */
  allow_negative: z.boolean().optional(),
}))

export const agentBody = z.lazy(() => z.strictObject({
  name: z.string().trim().min(1).max(200),
  model: z.string().min(1),
  system_prompt: z.string().nullable().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  tools: z.array(z.unknown()).optional(),
}))

/** `metadata[tag]=value` query pairs, gathered into one `metadata` object before the query is checked. */
export const withMetadata = (query: unknown) => {
  const rest: Record<string, unknown> = {}
  const metadata: Record<string, string> = {}
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const m = /^metadata\[(.+)\]$/.exec(k)
    if (m) metadata[m[1]!] = String(v)
    else rest[k] = v
  }
  return { ...rest, metadata }
}
const usageFields = {
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  team_id: z.string().optional(),
  model: z.string().optional(),
  metadata: z.record(z.string(), z.string()),
}
export const usageQuery = z.lazy(() => z.preprocess(
  withMetadata,
  z.strictObject({
    ...usageFields,
    endpoint: z.string().optional(),
    /** Unix seconds: rows older than this (for paging back). */
    before: z.coerce.number().int().positive().optional(),
  }),
))
export const completionsQuery = z.lazy(() => z.preprocess(withMetadata, z.strictObject(usageFields)))

const conversationMessage = z.looseObject({ role: z.string().min(1) })
/** The renderer's document; only what search and the list need is checked, the rest is kept as sent. */
const conversationData = z.looseObject({ system_prompt: z.string().optional(), messages: z.array(conversationMessage).max(10_000) })
export const conversationBody = z.lazy(() => z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  model: z.string().max(200).nullable().optional(),
  data: conversationData,
}))
export const conversationPatchBody = z.lazy(() => conversationBody.unwrap().partial())
export const conversationsQuery = z.lazy(() => z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
}))

export const importModelBody = z.lazy(() => z.strictObject({
  path: z.string().min(1, 'must be the path of a model file (whisper.cpp ggml, or GGUF)'),
  name: z.string().min(1),
  /** Unset: the catalog's kind for a catalog name, else read from the file (GGUF: chat, ggml: whisper). */
  kind: z.enum(['whisper', 'vad', 'chat', 'embedding']).optional(),
}))
export const nameParams = z.lazy(() => z.object({ name: z.string() }))

export const auditQuery = z.lazy(() => z.object({
  target_kind: z.string().optional(),
  actor: z.string().optional(),
  action: z.string().optional(),
  /** Unix milliseconds. */
  since: z.coerce.number().int().optional(),
  until: z.coerce.number().int().optional(),
  /** The last entry's id of the page before. */
  after: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  format: z.enum(['json', 'csv', 'jsonl']).default('json'),
}))

/** A Hugging Face search, a repository (owner/name in the path) and a file of it to download. */
export const hubSearchQuery = z.lazy(() => z.object({ q: z.string({ error: 'q is required: a few letters of the model you look for, e.g. "qwen"' }).max(200) }))
export const hubRepoParams = z.lazy(() => z.object({ owner: z.string().min(1), repo: z.string().min(1) }))
export const hubDownloadBody = z.lazy(() => z.strictObject({
  repo: z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'must be a Hugging Face repository id such as "Qwen/Qwen2.5-0.5B-Instruct-GGUF"'),
  file: z.string().min(1, 'must name a file of the repository, such as "qwen2.5-0.5b-instruct-q4_k_m.gguf"'),
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'may hold letters, digits, dot, dash and underscore, up to 64').optional(),
}))
