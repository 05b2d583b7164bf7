import type { Db } from '../database'
import { readJson, writeJson } from './json-column'

export interface AuditRow {
  id: string
  at: number
  /** `admin-token` or `web-session:<first characters of the session id>`. */
  actor: string
  /** `create`, `update`, `delete` or a verb of its own (`rotate`, `revoke`, `grant`). */
  action: string
  /** The admin collection changed: `teams`, `keys`, `credits`, ... */
  targetKind: string
  targetId: string | null
  before: unknown
  after: unknown
}

interface Raw {
  id: string
  at: number
  actor: string
  action: string
  target_kind: string
  target_id: string | null
  before_json: string | null
  after_json: string | null
}

const toRow = (r: Raw): AuditRow => ({
  id: r.id,
  at: r.at,
  actor: r.actor,
  action: r.action,
  targetKind: r.target_kind,
  targetId: r.target_id,
  before: readJson(r.before_json, null),
  after: readJson(r.after_json, null),
})

export interface AuditFilter {
  targetKind?: string
  actor?: string
  action?: string
  since?: number
  until?: number
  /** Rows older than this row (its `at` and id), for the next page. */
  after?: { at: number; id: string }
  limit: number
}

export type AuditRepo = ReturnType<typeof createAuditRepo>

/** The admin audit log: append-only rows, newest first. */
export function createAuditRepo(db: Db) {
  const insertStmt = db.prepare(`
    INSERT INTO audit_log (id, at, actor, action, target_kind, target_id, before_json, after_json)
    VALUES (@id, @at, @actor, @action, @targetKind, @targetId, @before, @after)`)

  return {
    insert(r: AuditRow): void {
      insertStmt.run({ ...r, before: r.before == null ? null : writeJson(r.before), after: r.after == null ? null : writeJson(r.after) })
    },
    list(f: AuditFilter): AuditRow[] {
      const where: string[] = []
      const params: Record<string, unknown> = { limit: f.limit }
      const add = (cond: string, name: string, value: unknown) => {
        if (value === undefined || value === '') return
        where.push(cond)
        params[name] = value
      }
      add('target_kind = @targetKind', 'targetKind', f.targetKind)
      add('actor = @actor', 'actor', f.actor)
      add('action = @action', 'action', f.action)
      add('at >= @since', 'since', f.since)
      add('at < @until', 'until', f.until)
      if (f.after) {
        where.push('(at < @afterAt OR (at = @afterAt AND id < @afterId))')
        Object.assign(params, { afterAt: f.after.at, afterId: f.after.id })
      }
      const sql = `SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY at DESC, id DESC LIMIT @limit`
      return (db.prepare(sql).all(params) as Raw[]).map(toRow)
    },
    get(id: string): AuditRow | undefined {
      const r = db.prepare('SELECT * FROM audit_log WHERE id = ?').get(id) as Raw | undefined
      return r && toRow(r)
    },
  }
}
