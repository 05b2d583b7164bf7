import type BetterSqlite3 from 'better-sqlite3'
import type { DbStatement } from './db'

/**
 * A statement SQLite compiles on its first run instead of when a repository is built: the repositories prepare
 * every statement they may ever need (some 170) at start-up, each a compiled program in SQLite's memory, most of
 * them for requests an idle or a small gateway never gets. A statement that fails to compile (SQL that does not
 * match the schema) throws on that first run.
 */
class StatementOnFirstUse implements DbStatement {
  private statement: BetterSqlite3.Statement | undefined
  private plucked: boolean | undefined

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly prepare: (sql: string) => BetterSqlite3.Statement,
    private readonly sql: string,
  ) {}

  private compiled(): BetterSqlite3.Statement {
    if (this.statement) return this.statement
    const statement = this.prepare.call(this.db, this.sql)
    if (this.plucked !== undefined) statement.pluck(this.plucked)
    return (this.statement = statement)
  }

  run(...params: unknown[]) {
    return this.compiled().run(...params)
  }

  get(...params: unknown[]) {
    return this.compiled().get(...params)
  }

  all(...params: unknown[]) {
    return this.compiled().all(...params)
  }

  iterate(...params: unknown[]) {
    return this.compiled().iterate(...params)
  }

  pluck(toggle = true): DbStatement {
    if (this.statement) this.statement.pluck(toggle)
    else this.plucked = toggle
    return this
  }
}

/** Makes `db.prepare` hand out statements compiled on first use (the database stays a better-sqlite3 Database). */
export function prepareOnFirstUse(db: BetterSqlite3.Database): void {
  const prepare = db.prepare as (sql: string) => BetterSqlite3.Statement
  Object.defineProperty(db, 'prepare', { value: (sql: string) => new StatementOnFirstUse(db, prepare, sql), configurable: true, writable: true })
}
