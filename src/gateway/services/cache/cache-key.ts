import { createHash } from 'node:crypto'

/**
 * Fields that never change an answer: who asked (`user`, `safety_identifier`), the client's tags
 * (`metadata`) and the cache request itself. Everything else, `stream` and `stream_options` included
 * (a stream with a usage chunk is another answer), takes part in the match.
 */
const VOLATILE = new Set(['cache', 'user', 'metadata', 'safety_identifier'])

/** JSON with every object's keys sorted, so two bodies that differ only in key order match. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}

/** The cache key of a request: its team, its endpoint, what else changes the answer (`variant`), and its normalized body. */
export function cacheKey(teamId: string, endpoint: string, body: Record<string, unknown>, variant = ''): string {
  const kept = Object.fromEntries(Object.entries(body).filter(([k]) => !VOLATILE.has(k)))
  return createHash('sha256').update(`${teamId}\n${endpoint}\n${variant}\n${canonical(kept)}`).digest('base64url')
}
