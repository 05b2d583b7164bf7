/**
 * A newest-first list query with optional filters: each filter adds its condition only when given, and
 * `metadata` keeps rows whose JSON metadata holds every tag.
 */
export function newestFirstQuery(table: string, limit: number) {
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
        where.push(`json_extract(metadata, @mk${i}) = @mv${i}`)
        params[`mk${i}`] = `$."${key.replace(/"/g, '')}"`
        params[`mv${i}`] = value
      })
      return query
    },
    sql: () => `SELECT * FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, rowid DESC LIMIT @limit`,
    params,
  }
  return query
}
