import { dialectOf, type Db } from './db'

/**
 * The few expressions SQLite and PostgreSQL spell differently, for queries otherwise written once.
 * (Full-text search and vectors have their own modules: full-text.ts, vector-search.ts.)
 */

/** A column that orders rows as they were inserted: SQLite's rowid, PostgreSQL's identity `seq` (migration 0014). */
export const insertionOrder = (db: Db): string => (dialectOf(db) === 'postgres' ? 'seq' : 'rowid')

/**
 * The text of a top-level `key` of a JSON text column, compared with a parameter: `sql` uses `@<param>`,
 * whose value `keyParam(key)` gives (SQLite takes a JSON path, PostgreSQL the key itself).
 */
export function jsonTextField(db: Db, column: string, param: string): { sql: string; keyParam: (key: string) => string } {
  return dialectOf(db) === 'postgres'
    ? { sql: `(${column}::jsonb ->> @${param})`, keyParam: (key) => key }
    : { sql: `json_extract(${column}, @${param})`, keyParam: (key) => `$."${key.replace(/"/g, '')}"` }
}

/** `?, ?, ?` for an IN list of `n` values (at least one, so `IN ()` never happens). */
export const placeholders = (n: number): string => Array.from({ length: Math.max(n, 1) }, () => '?').join(', ')

/** A LIKE pattern that matches `text` anywhere, its own `%`, `_` and `\` taken literally (with `ESCAPE '\'`). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** `INSERT OR REPLACE` written portably: on a conflict of `keys`, every other column takes the new row's value. */
export const onConflictReplace = (keys: readonly string[], columns: readonly string[]): string =>
  `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${columns
    .filter((c) => !keys.includes(c))
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}`
