const MAX_ECHO = 40

/**
 * A short, safe rendering of a refused value for an error message ("got 1.5"). `typed` names the
 * JSON type first (`string "azure"`), which reads better where the expected type is named too.
 */
export function describeValue(value: unknown, opts: { typed?: boolean } = {}): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`
  if (typeof value === 'object') return 'an object'
  const shown = typeof value === 'string' ? JSON.stringify(value.length > MAX_ECHO ? `${value.slice(0, MAX_ECHO)}...` : value) : String(value)
  return opts.typed ? `${typeof value} ${shown}` : shown
}
