import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { parseOrThrow } from '../../../shared/validation/parse'
import { findAgent } from '../../services/routing/resolve-model'
import type { StoredCompletion } from '../../store/repos/completions-repo'
import type { UsageRow } from '../../store/repos/usage-repo'
import type { AdminContext } from './admin-context'
import { seconds } from './admin-helpers'

const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  team_id: z.string().optional(),
  model: z.string().optional(),
  endpoint: z.string().optional(),
  /** Unix seconds: rows older than this (for paging back). */
  before: z.coerce.number().int().positive().optional(),
})

/** `metadata[tag]=value` query pairs: rows whose metadata holds every pair. */
function metadataFilter(query: Record<string, unknown>): { rest: Record<string, unknown>; metadata: Record<string, string> } {
  const rest: Record<string, unknown> = {}
  const metadata: Record<string, string> = {}
  for (const [k, v] of Object.entries(query)) {
    const m = /^metadata\[(.+)\]$/.exec(k)
    if (m) metadata[m[1]!] = String(v)
    else rest[k] = v
  }
  return { rest, metadata }
}

const usageJson = (u: UsageRow, agentName: (label: string | null) => string | null) => ({
  id: u.id,
  created_at: seconds(u.createdAt),
  endpoint: u.endpoint,
  source: u.source,
  key_id: u.keyId,
  team_id: u.teamId,
  user_id: u.userId,
  requested_model: u.requestedModel,
  agent: agentName(u.requestedModel),
  model: u.modelName,
  model_id: u.modelId,
  attempts: u.attempts.map((a) => ({ model: a.model, model_id: a.modelId, status: a.status, latency_ms: a.latencyMs, error: a.error ?? null })),
  status: u.status,
  stream: u.stream,
  latency_ms: u.latencyMs,
  prompt_tokens: u.promptTokens,
  completion_tokens: u.completionTokens,
  cached_tokens: u.cachedTokens,
  cache_creation_tokens: u.cacheCreationTokens,
  audio_seconds: u.audioSeconds,
  characters: u.characters,
  credits: u.creditsMicro / 1e6,
  usage_estimated: u.usageEstimated,
  error: u.error,
  metadata: u.metadata,
})

const completionJson = (c: StoredCompletion) => ({
  id: c.id,
  request_id: c.usageId,
  created_at: seconds(c.createdAt),
  team_id: c.teamId,
  model: c.modelName,
  metadata: c.metadata,
  request: c.request,
  response: c.response,
})

/** The usage log and the completions kept with `store: true`, newest first, filterable by metadata tags. */
export async function usageAdmin(app: FastifyInstance, { store }: AdminContext) {
  app.get('/usage', async (req) => {
    const { rest, metadata } = metadataFilter(req.query as Record<string, unknown>)
    const q = parseOrThrow(listQuery, rest)
    const rows = store.usage.list({ teamId: q.team_id, model: q.model, endpoint: q.endpoint, before: q.before === undefined ? undefined : q.before * 1000, metadata, limit: q.limit })
    // Derived at read time: a renamed agent shows its current name, a deleted one none.
    const agentName = (label: string | null) => (label ? (findAgent(store, label)?.name ?? null) : null)
    return { data: rows.map((u) => usageJson(u, agentName)) }
  })
  app.get('/completions', async (req) => {
    const { rest, metadata } = metadataFilter(req.query as Record<string, unknown>)
    const q = parseOrThrow(listQuery.omit({ endpoint: true, before: true }), rest)
    return { data: store.completions.list({ teamId: q.team_id, model: q.model, metadata, limit: q.limit }).map(completionJson) }
  })
}
