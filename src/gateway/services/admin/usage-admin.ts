import type { StoredCompletionInfo, UsageRow as UsageRowInfo } from '../../../shared/admin-wire'
import type { StoredCompletion } from '../../store/repos/completions-repo'
import type { UsageRow } from '../../store/repos/usage-repo'
import { findAgent } from '../routing/resolve-model'
import type { AdminDeps } from './admin-deps'

export interface UsageFilter {
  limit: number
  team_id?: string
  model?: string
  endpoint?: string
  /** Unix seconds: rows older than this (for paging back). */
  before?: number
  /** Rows whose metadata holds every pair. */
  metadata: Record<string, string>
}

export const usageJson = (u: UsageRow, agentName: (label: string | null) => string | null): UsageRowInfo => ({
  id: u.id,
  created_at: Math.floor(u.createdAt / 1000),
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
  cache_hit: u.cacheHit ?? false,
  error: u.error,
  metadata: u.metadata,
  tools: u.tools.map((t) => ({ type: t.type, name: t.name, input: t.input, status: t.status, latency_ms: t.latencyMs, sources: t.sources, ...(t.error ? { error: t.error } : {}) })),
  state: u.state ?? 'done',
})

const completionJson = (c: StoredCompletion): StoredCompletionInfo => ({
  id: c.id,
  request_id: c.usageId,
  created_at: Math.floor(c.createdAt / 1000),
  team_id: c.teamId,
  model: c.modelName,
  metadata: c.metadata,
  request: c.request,
  response: c.response,
})

/** The usage log and the completions kept with `store: true`, newest first, filterable by metadata tags. */
export function createUsageAdmin({ store }: AdminDeps) {
  return {
    usage(f: UsageFilter): UsageRowInfo[] {
      // Derived at read time: a renamed agent shows its current name, a deleted one none.
      const agentName = (label: string | null) => (label ? (findAgent(store, label)?.name ?? null) : null)
      const rows = store.usage.list({ teamId: f.team_id, model: f.model, endpoint: f.endpoint, before: f.before === undefined ? undefined : f.before * 1000, metadata: f.metadata, limit: f.limit })
      return rows.map((u) => usageJson(u, agentName))
    },
    completions: (f: Omit<UsageFilter, 'endpoint' | 'before'>): StoredCompletionInfo[] =>
      store.completions.list({ teamId: f.team_id, model: f.model, metadata: f.metadata, limit: f.limit }).map(completionJson),
  }
}
