import type { UsageRow } from './admin-wire'

/** Shapes of the usage page's queries (`/admin/usage/query`, `/admin/usage/stats`). Times are Unix seconds. */

export type UsageGroupBy = 'model' | 'team' | 'key'
export type UsageBucket = 'hour' | 'day'

/** A page of the request log, newest first; pass `next_before` as `before` for the next page. */
export interface UsagePage {
  object: 'list'
  data: UsageRow[]
  has_more: boolean
  next_before: string | null
}

export interface UsageTotalsInfo {
  requests: number
  errors: number
  prompt_tokens: number
  completion_tokens: number
  audio_seconds: number
  characters: number
  credits: number
  avg_latency_ms: number
}

/** One bucket of one group: what its requests added up to. */
export interface UsagePointInfo {
  t: number
  group: string
  requests: number
  errors: number
  tokens: number
  credits: number
  /** Mean latency of the bucket's requests, ms. */
  latency_ms: number
}

export interface UsageStats {
  totals: UsageTotalsInfo
  bucket: UsageBucket
  group_by: UsageGroupBy
  /** Every group in the series with the name to show for it (a team's or key's name, a model's). */
  groups: Array<{ key: string; label: string }>
  points: UsagePointInfo[]
}
