import { badRequest } from '../../shared/errors'

/** The `fallbacks` query of chat and messages: `true`, `false`, or absent for the team's setting. */
export function fallbacksQuery(query: unknown): boolean | undefined {
  const value = (query as Record<string, unknown> | undefined)?.fallbacks
  if (value === undefined) return undefined
  if (value === 'true' || value === 'false') return value === 'true'
  throw badRequest(`fallbacks must be "true" or "false"; got ${JSON.stringify(value)}.`, 'fallbacks')
}
