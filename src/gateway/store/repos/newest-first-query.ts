import type { Db } from '../db'
import { insertionOrder, jsonTextField } from '../sql-dialect'

/**
 * A newest-first list query with optional filters: each filter adds its condition only when given, and
 * `metadata` keeps rows whose JSON metadata holds every tag.
 */
export function newestFirstQuery(db: Db, table: string, limit: number) {
  const where: string[] = []
  const params: Record<string, unknown> = { limit }
  const query = {
    where(condition: string, name: string, value: unknown) {
      if (value !== undefined && value !== '') {
        where.push(condition)
        params[name] = value
      }
      return query
    },
    metadata(tags: Record<string, string> | undefined) {
      Object.entries(tags ?? {}).forEach(([key, value], i) => {
        const field = jsonTextField(db, 'metadata', `mk${i}`)
        where.push(`${field.sql} = @mv${i}`)
        params[`mk${i}`] = field.keyParam(key)
        params[`mv${i}`] = value
      })
      return query
    },
    sql: () => `SELECT * FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, ${insertionOrder(db)} DESC LIMIT @limit`,
    params,
  }
  return query
}
