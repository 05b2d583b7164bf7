import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type * as Synckit from 'synckit'
import { loadOnFirstUse } from '../../kernel/load-on-first-use'
import type { AnyFn, Db, DbStatement, Transaction } from '../db'
import { bindValues, translateParams, type TranslatedSql } from './sql-params'

type WorkerOp =
  | { kind: 'connect'; url: string; applicationName: string }
  | { kind: 'close'; id: number }
  | { kind: 'exec'; id: number; sql: string; unlimited?: boolean }
  | { kind: 'query'; id: number; sql: string; name: string | undefined; params: unknown[]; before?: string; rowMode?: 'array' }

type WorkerAnswer<T> = { result: T } | { error: { message: string; code?: string; detail?: string; constraint?: string; table?: string } }

// Loaded with the first PostgreSQL store: a SQLite gateway never needs it.
const synckit = loadOnFirstUse<typeof Synckit>('synckit')
let callWorker: ((op: WorkerOp) => WorkerAnswer<unknown>) | undefined
const worker = <T>(op: WorkerOp): T => {
  // One worker per process holds every connection (synckit keeps one worker per file).
  callWorker ??= synckit().createSyncFn(workerPath()) as (op: WorkerOp) => WorkerAnswer<unknown>
  const answer = callWorker(op) as WorkerAnswer<T>
  if ('error' in answer) throw new PostgresError(answer.error)
  return answer.result
}

/** The worker beside this module: `.mjs` in the sources, `.js` in the desktop bundle (electron.vite.config.ts). */
function workerPath(): string {
  const source = fileURLToPath(new URL('./postgres-worker.mjs', import.meta.url))
  return existsSync(source) ? source : fileURLToPath(new URL('./postgres-worker.js', import.meta.url))
}

/** A failed statement: `code` is PostgreSQL's SQLSTATE (e.g. `23505` for a unique violation). */
export class PostgresError extends Error {
  readonly code?: string
  readonly detail?: string
  constructor(e: { message: string; code?: string; detail?: string }) {
    super(e.message)
    this.name = 'PostgresError'
    this.code = e.code
    this.detail = e.detail
  }
}

const MAX_NAMED_STATEMENTS = 1000

/** The row values that crossed the thread boundary: `bytea` arrives as a Uint8Array, repositories read Buffers. */
function asBuffers<T>(row: T): T {
  if (row && typeof row === 'object') {
    for (const [k, v] of Object.entries(row)) {
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) (row as Record<string, unknown>)[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength)
    }
  }
  return row
}

/**
 * better-sqlite3's synchronous API over one PostgreSQL connection. Each statement blocks the event loop
 * for one round trip to the worker and the server (about 185 µs on loopback), which is what keeps the
 * store synchronous: `transaction(fn)` is BEGIN / fn / COMMIT on this connection, and nothing else can
 * run on it meanwhile since fn runs synchronously. Nested transactions are savepoints, as in better-sqlite3.
 */
export class PostgresDb implements Db {
  readonly dialect = 'postgres' as const
  private id: number
  /** The server process of this connection: notifications it caused are this instance's own writes. */
  private pid = 0
  private readonly translated = new Map<string, TranslatedSql & { name: string | undefined }>()
  private depth = 0
  /** BEGIN is sent with the transaction's first statement, saving a round trip (and both, for a transaction that ran none). */
  private beginPending = false
  private closed = false
  private readonly closeHooks: Array<() => void> = []

  constructor(
    readonly url: string,
    private readonly applicationName = 'gatehouse',
  ) {
    this.id = this.connect()
  }

  private connect(): number {
    const { id, pid } = worker<{ id: number; pid: number }>({ kind: 'connect', url: this.url, applicationName: this.applicationName })
    this.pid = pid
    return id
  }

  /** Whether a notification came from this connection's own write (which cleared its caches itself). */
  isOwnServerProcess(pid: number): boolean {
    return pid === this.pid
  }

  /**
   * Sends one operation; a connection found lost fails that operation (its outcome is unknown, so it is
   * never retried here) and the next one connects again, so a restarted server costs the statements in
   * flight, not the instance.
   */
  private send<T>(op: WorkerOp & { id: number }): T {
    if (this.id < 0) this.id = this.connect()
    try {
      return worker<T>(op.id === this.id ? op : { ...op, id: this.id })
    } catch (e) {
      if ((e as PostgresError).code === 'CONNECTION_LOST') this.id = -1
      throw e
    }
  }

  get inTransaction(): boolean {
    return this.depth > 0
  }

  prepare(sql: string): DbStatement {
    let t = this.translated.get(sql)
    if (!t) {
      // Named statements are parsed once per connection; past a bound (lists built per call, such as IN
      // lists of many lengths) statements run unnamed rather than pile up on the server.
      t = { ...translateParams(sql), name: this.translated.size < MAX_NAMED_STATEMENTS ? `gh${this.translated.size + 1}` : undefined }
      this.translated.set(sql, t)
    }
    return new PostgresStatement(this, t)
  }

  exec(sql: string): this {
    this.flushBegin()
    this.send({ kind: 'exec', id: this.id, sql })
    return this
  }

  /** For start-up only (migrations, their lock): no client-side time limit. */
  execUnlimited(sql: string): void {
    this.flushBegin()
    this.send({ kind: 'exec', id: this.id, sql, unlimited: true })
  }

  /** Runs one translated statement: its rows and how many it changed. */
  query(t: TranslatedSql & { name: string | undefined }, args: unknown[], rowMode?: 'array'): { rows: unknown[]; changes: number } {
    const before = this.beginPending ? 'BEGIN' : undefined
    this.beginPending = false
    const out = this.send<{ rows: unknown[]; changes: number }>({ kind: 'query', id: this.id, sql: t.text, name: t.name, params: bindValues(t, args), before, rowMode })
    if (rowMode !== 'array') out.rows.forEach(asBuffers)
    else out.rows = out.rows.map((r) => asBuffers([(r as unknown[])[0]])[0])
    return out
  }

  private flushBegin(): void {
    if (!this.beginPending) return
    this.beginPending = false
    this.send({ kind: 'exec', id: this.id, sql: 'BEGIN' })
  }

  pragma(source: string): never {
    throw new Error(`PRAGMA ${source} is SQLite's; this store is PostgreSQL.`)
  }

  transaction<F extends AnyFn>(fn: F): Transaction<F> {
    const run = (...args: Parameters<F>): ReturnType<F> => {
      const level = this.depth
      if (level === 0) this.beginPending = true
      else this.exec(`SAVEPOINT s${level}`)
      this.depth++
      try {
        const result = fn(...args) as ReturnType<F>
        // As better-sqlite3: the transaction must end before anything else runs on the event loop.
        if (typeof (result as { then?: unknown } | null)?.then === 'function') throw new TypeError('Transaction function cannot return a promise')
        this.depth--
        if (level > 0) this.exec(`RELEASE SAVEPOINT s${level}`)
        else if (this.beginPending) this.beginPending = false
        else this.exec('COMMIT')
        return result
      } catch (e) {
        this.depth = level
        this.rollback(level)
        throw e
      }
    }
    return Object.assign(run, { default: run, deferred: run, immediate: run, exclusive: run }) as unknown as Transaction<F>
  }

  private rollback(level: number): void {
    try {
      if (level > 0) this.exec(`ROLLBACK TO SAVEPOINT s${level}; RELEASE SAVEPOINT s${level}`)
      else if (this.beginPending) this.beginPending = false
      else this.exec('ROLLBACK')
    } catch {
      // The connection is gone: the server rolled the transaction back with it.
    }
  }

  /** Runs when the connection closes (the change feed's listener closes with it). */
  onClose(hook: () => void): void {
    this.closeHooks.push(hook)
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.closeHooks.splice(0).forEach((hook) => hook())
    if (this.id < 0) return
    worker({ kind: 'close', id: this.id })
  }
}

class PostgresStatement implements DbStatement {
  private plucked = false
  constructor(
    private readonly db: PostgresDb,
    private readonly sql: TranslatedSql & { name: string | undefined },
  ) {}

  pluck(toggle = true): this {
    this.plucked = toggle
    return this
  }

  run(...args: unknown[]): { changes: number } {
    return { changes: this.db.query(this.sql, args).changes }
  }

  get(...args: unknown[]): unknown {
    return this.all(...args)[0]
  }

  all(...args: unknown[]): unknown[] {
    return this.db.query(this.sql, args, this.plucked ? 'array' : undefined).rows
  }

  iterate(...args: unknown[]): IterableIterator<unknown> {
    return this.all(...args)[Symbol.iterator]()
  }
}
