import type BetterSqlite3 from 'better-sqlite3'

/**
 * The part of better-sqlite3's API the repositories use, which both engines implement: better-sqlite3's
 * `Database` as it is (SQLite), and `PostgresDb` (postgres/postgres-db.ts), whose statements run
 * synchronously over one PostgreSQL connection in a worker thread. Repositories see only this.
 */
export interface DbStatement {
  run(...params: unknown[]): { changes: number }
  get(...params: unknown[]): unknown
  all(...params: unknown[]): unknown[]
  iterate(...params: unknown[]): IterableIterator<unknown>
  /** Rows as their first column's value (better-sqlite3's `pluck`). */
  pluck(toggle?: boolean): DbStatement
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the argument list of a transaction is the function's own
export type AnyFn = (...args: any[]) => unknown

export interface Db {
  /** `sqlite` or `postgres`: for the few modules that keep a dialect's difference (full-text, vectors, notifications). */
  readonly dialect?: 'postgres'
  prepare(sql: string): DbStatement
  /** Runs one or more statements without parameters. */
  exec(sql: string): unknown
  /** Wraps `fn` so a call runs it atomically; nested calls run as savepoints. */
  transaction<F extends AnyFn>(fn: F): Transaction<F>
  /** SQLite's settings (busy timeout, page caps in tests); PostgreSQL has none and refuses. */
  pragma(source: string, options?: { simple?: boolean }): unknown
  readonly inTransaction: boolean
  close(): unknown
}

export type Dialect = 'sqlite' | 'postgres'

export const dialectOf = (db: Db): Dialect => (db.dialect === 'postgres' ? 'postgres' : 'sqlite')

/** A function made atomic by `transaction` (better-sqlite3's shape: `.immediate` and the like behave as the call itself on PostgreSQL). */
export type Transaction<F extends AnyFn> = BetterSqlite3.Transaction<F>
