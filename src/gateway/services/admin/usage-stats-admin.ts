import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { UsageRow as UsageRowInfo } from '../../../shared/admin-wire'
import type { UsageBucket, UsageGroupBy, UsagePage, UsageStats } from '../../../shared/usage-wire'
import type { UsageQueryFilter } from '../../store/repos/usage-stats-repo'
import type { UsageRow } from '../../store/repos/usage-repo'
import { findAgent } from '../routing/resolve-model'
import type { AdminDeps } from './admin-deps'
import { usageJson } from './usage-admin'
import { isoTime } from '../../kernel/iso-time'

/** A usage query as the admin API takes it: times in Unix seconds. */
export interface UsageQuery {
  status?: 'ok' | 'error' | number
  model?: string
  team_id?: string
  key_id?: string
  endpoint?: string
  metadata: Record<string, string>
  from?: number
  to?: number
}

const BUCKET_MS: Record<UsageBucket, number> = { hour: 3_600_000, day: 86_400_000 }

const toFilter = (q: UsageQuery): UsageQueryFilter => ({
  status: q.status,
  model: q.model,
  teamId: q.team_id,
  keyId: q.key_id,
  endpoint: q.endpoint,
  metadata: q.metadata,
  from: q.from === undefined ? undefined : q.from * 1000,
  to: q.to === undefined ? undefined : q.to * 1000,
})

/** `created_at:id` of the last row seen: where the next page starts. */
const cursorOf = (row: UsageRow) => `${row.createdAt}:${row.id}`
function parseCursor(cursor: string | undefined): { createdAt: number; id: string } | null {
  const m = cursor ? /^(\d+):(.+)$/.exec(cursor) : null
  return m ? { createdAt: Number(m[1]), id: m[2]! } : null
}

const CSV_COLUMNS = ['created_at', 'id', 'endpoint', 'source', 'team_id', 'key_id', 'user_id', 'requested_model', 'agent', 'model', 'status', 'stream', 'latency_ms', 'prompt_tokens', 'completion_tokens', 'cached_tokens', 'audio_seconds', 'characters', 'credits', 'attempts', 'error', 'metadata'] as const

/** A spreadsheet takes a cell starting with = + - @ as a formula: such text gets a leading apostrophe. */
const safeCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v)

function csvRecord(u: UsageRowInfo): string[] {
  const cells: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    ...u,
    created_at: isoTime(u.created_at * 1000),
    attempts: u.attempts.map((a) => `${a.model}:${a.status}${a.error ? ` (${a.error})` : ''}`).join('; '),
    metadata: u.metadata ? JSON.stringify(u.metadata) : '',
  }
  return CSV_COLUMNS.map((c) => safeCell(cells[c] === null || cells[c] === undefined ? '' : String(cells[c])))
}

/** The usage page's questions: a filtered log with a cursor, totals, series over time, and the log as CSV. */
export function createUsageStatsAdmin({ store }: AdminDeps) {
  const agentName = (label: string | null) => (label ? (findAgent(store, label)?.name ?? null) : null)

  function groupLabel(groupBy: UsageGroupBy, key: string): string {
    if (!key) return groupBy === 'model' ? '(no model)' : groupBy === 'team' ? '(no team)' : '(no key)'
    if (groupBy === 'team') return store.teams.get(key)?.name ?? key
    if (groupBy === 'key') {
      const k = store.keys.get(key)
      return k ? (k.name ? `${k.name} (${k.hint})` : k.hint) : key
    }
    return key
  }

  return {
    page(q: UsageQuery & { before?: string; limit: number }): UsagePage {
      const rows = store.usageStats.page(toFilter(q), parseCursor(q.before), q.limit + 1)
      const shown = rows.slice(0, q.limit)
      const hasMore = rows.length > q.limit
      return { object: 'list', data: shown.map((u) => usageJson(u, agentName)), has_more: hasMore, next_before: hasMore && shown.length ? cursorOf(shown.at(-1)!) : null }
    },

    stats(q: UsageQuery & { bucket: UsageBucket; group_by: UsageGroupBy }): UsageStats {
      const filter = toFilter(q)
      const t = store.usageStats.totals(filter)
      const points = store.usageStats.series(filter, BUCKET_MS[q.bucket], q.group_by)
      const keys = [...new Set(points.map((p) => p.group ?? ''))]
      return {
        totals: {
          requests: t.requests,
          errors: t.errors,
          prompt_tokens: t.promptTokens,
          completion_tokens: t.completionTokens,
          audio_seconds: t.audioSeconds,
          characters: t.characters,
          credits: t.creditsMicro / 1e6,
          avg_latency_ms: Math.round(t.avgLatencyMs),
        },
        bucket: q.bucket,
        group_by: q.group_by,
        groups: keys.map((key) => ({ key, label: groupLabel(q.group_by, key) })),
        points: points.map((p) => ({ t: Math.floor(p.t / 1000), group: p.group ?? '', requests: p.requests, errors: p.errors, tokens: p.tokens, credits: p.creditsMicro / 1e6, latency_ms: Math.round(p.latencyMs) })),
      }
    },

    /** Every matching request as CSV, newest first, streamed row by row. */
    csv(q: UsageQuery): Readable {
      const rows = store.usageStats.each(toFilter(q))
      const records = Readable.from((function* () {
        for (const u of rows) yield csvRecord(usageJson(u, agentName))
      })())
      return records.pipe(stringify({ header: true, columns: [...CSV_COLUMNS] }))
    },
  }
}

export type UsageStatsAdmin = ReturnType<typeof createUsageStatsAdmin>
