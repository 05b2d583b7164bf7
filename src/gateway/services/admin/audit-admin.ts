import type { AuditEntry } from '../../../shared/admin-wire'
import type { AuditRow } from '../../store/repos/audit-repo'
import type { AdminDeps } from './admin-deps'
import { isoTime } from '../../kernel/iso-time'

/** Field names whose values never reach the audit log: keys, tokens, passwords, provider secrets. */
const SECRET_FIELD = /^(key|api_key|apikey|x-api-key|secret|client_secret|token|access_token|refresh_token|password|authorization|brave_api_key)$/i

/** A copy of an admin body or answer with every secret replaced, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) && v !== null ? '[redacted]' : withoutSecrets(v)]))
}

const entryJson = (r: AuditRow): AuditEntry => ({ id: r.id, at: r.at, actor: r.actor, action: r.action, target_kind: r.targetKind, target_id: r.targetId, before: r.before, after: r.after })

const CSV_COLUMNS = ['id', 'time', 'actor', 'action', 'target_kind', 'target_id', 'before', 'after'] as const
const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

export interface AuditQuery {
  target_kind?: string
  actor?: string
  action?: string
  since?: number
  until?: number
  after?: string
  limit: number
}

/** The admin audit log: what each admin change did, by whom, and its export (CSV, JSONL). */
export function createAuditAdmin({ store, clock, ids }: Pick<AdminDeps, 'store' | 'clock' | 'ids'>) {
  /** The current object behind an admin path (`teams`, id), for an entry's `before`. */
  const snapshot = (kind: string, id: string): unknown => {
    const find = <T extends { id: string }>(rows: readonly T[]) => rows.find((r) => r.id === id) ?? null
    switch (kind) {
      case 'teams':
        return { ...find(store.teams.list()), governance: store.governance.get('team', id) ?? null, model_limits: store.governance.list('team_model', id) }
      case 'users':
        return { ...find(store.users.list()), governance: store.governance.get('user', id) ?? null }
      case 'keys': {
        const k = store.keys.get(id)
        return k ? { id: k.id, hint: k.hint, name: k.name, team_id: k.teamId, user_id: k.userId, revoked_at: k.revokedAt, expires_at: k.expiresAt, governance: store.governance.get('key', id) ?? null } : null
      }
      case 'models':
        return find(store.models.list())
      case 'providers': {
        const p = find(store.providers.list())
        return p && { ...p, secret: undefined }
      }
      case 'agents':
        return find(store.agents.list())
      case 'credits':
        return { balance_micro: store.company.balanceMicro() }
      default:
        return null
    }
  }

  return {
    snapshot: (kind: string, id: string | null): unknown => withoutSecrets(id === null && kind !== 'credits' ? null : snapshot(kind, id ?? '')),
    record(e: Omit<AuditRow, 'id' | 'at'>): void {
      store.audit.insert({ ...e, id: ids.uuid(), at: clock.now(), before: withoutSecrets(e.before), after: withoutSecrets(e.after) })
    },
    list(q: AuditQuery): { data: AuditEntry[]; has_more: boolean } {
      const after = q.after ? store.audit.get(q.after) : undefined
      const rows = store.audit.list({ targetKind: q.target_kind, actor: q.actor, action: q.action, since: q.since, until: q.until, after: after && { at: after.at, id: after.id }, limit: q.limit + 1 })
      return { data: rows.slice(0, q.limit).map(entryJson), has_more: rows.length > q.limit }
    },
    /** Every entry the filters keep, oldest last, as CSV (before/after as JSON cells) or JSON Lines. */
    export(q: Omit<AuditQuery, 'limit' | 'after'>, format: 'csv' | 'jsonl'): string {
      const rows = store.audit.list({ targetKind: q.target_kind, actor: q.actor, action: q.action, since: q.since, until: q.until, limit: 1_000_000 }).map(entryJson)
      if (format === 'jsonl') return rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '')
      const lines = rows.map((r) =>
        [r.id, isoTime(r.at), r.actor, r.action, r.target_kind, r.target_id ?? '', r.before == null ? '' : JSON.stringify(r.before), r.after == null ? '' : JSON.stringify(r.after)].map(csvCell).join(','),
      )
      return [CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n'
    },
  }
}

export type AuditAdmin = ReturnType<typeof createAuditAdmin>
