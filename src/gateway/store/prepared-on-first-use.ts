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
    private readonly compile: (sql: string) => BetterSqlite3.Statement,
    private readonly sql: string,
    private readonly afterRun: (() => void) | undefined,
  ) {}

  private compiled(): BetterSqlite3.Statement {
    if (this.statement) return this.statement
    const statement = this.compile(this.sql)
    if (this.plucked !== undefined) statement.pluck(this.plucked)
    return (this.statement = statement)
  }

  run(...params: unknown[]) {
    const result = this.compiled().run(...params)
    this.afterRun?.()
    return result
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

/** A SQLite extension loaded when the first statement that calls one of its functions compiles. */
interface ExtensionOnFirstUse {
  calledBy: RegExp
  load: () => void
}
const extensionsOnFirstUse = new WeakMap<BetterSqlite3.Database, ExtensionOnFirstUse[]>()

/**
 * Makes `db.prepare` hand out statements compiled on first use (the database stays a better-sqlite3 Database), which
 * call `afterRun` after each `run`: the statements that write.
 */
export function prepareOnFirstUse(db: BetterSqlite3.Database, afterRun?: () => void): void {
  const prepare = db.prepare
  const extensions: ExtensionOnFirstUse[] = []
  extensionsOnFirstUse.set(db, extensions)
  const compile = (sql: string) => {
    for (const extension of extensions.filter(({ calledBy }) => calledBy.test(sql))) {
      extension.load()
      extensions.splice(extensions.indexOf(extension), 1)
    }
    return prepare.call(db, sql) as BetterSqlite3.Statement
  }
  Object.defineProperty(db, 'prepare', { value: (sql: string) => new StatementOnFirstUse(compile, sql, afterRun), configurable: true, writable: true })
}

/**
 * Loads an extension (`load`) just before the first statement whose SQL `calledBy` matches compiles, or at once on a
 * database whose statements compile when prepared.
 */
export function loadExtensionOnFirstUse(db: BetterSqlite3.Database, calledBy: RegExp, load: () => void): void {
  const extensions = extensionsOnFirstUse.get(db)
  if (extensions) extensions.push({ calledBy, load })
  else load()
}
