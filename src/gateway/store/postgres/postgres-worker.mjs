// The PostgreSQL connections of this process, in a worker thread that PostgresDb calls synchronously
// (synckit): one `pg` client per PostgresDb. Plain JavaScript so that Node, tsx and vitest all load it as is.
import pg from 'pg'
import { runAsWorker } from 'synckit'

// Rows read as SQLite's do: integers (int8, numeric sums) as JS numbers, comparisons as 0/1.
const types = {
  getTypeParser(oid, format) {
    if (oid === 20 || oid === 1700) return Number
    if (oid === 16) return (v) => (v === 't' ? 1 : 0)
    return pg.types.getTypeParser(oid, format)
  },
}

const clients = new Map()
let nextId = 1

const fromMain = (v) => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v)

/** Only what is safe to show: never the connection string. */
const failure = (e) => ({
  error: { message: e?.message ?? String(e), code: e?.code, detail: e?.detail, constraint: e?.constraint, table: e?.table },
})

/**
 * Every statement blocks its instance's event loop until it ends, so none may wait long: a row lock held
 * by another instance is waited for at most 2 s (then 55P03, answered 503 like SQLite's busy database), a
 * statement runs at most 30 s, and an answer that never comes (a network gone silent) fails after 60 s.
 * Migrations lift the first two (migrate-postgres.ts) and send no client-side limit.
 */
const LIMITS = '-c lock_timeout=2000 -c statement_timeout=30000'
const QUERY_TIMEOUT_MS = 60_000

async function connect(url, applicationName) {
  const client = new pg.Client({ connectionString: url, types, application_name: applicationName, connectionTimeoutMillis: 10_000, options: LIMITS, keepAlive: true })
  const id = nextId++
  // A lost connection (server restart, network) is reported on its next use, and this keeps the worker alive meanwhile.
  const lost = () => (client.lost = true)
  client.on('error', lost)
  client.on('end', lost)
  await client.connect()
  clients.set(id, client)
  return { id, pid: client.processID }
}

runAsWorker(async (op) => {
  const client = clients.get(op.id)
  try {
    if (op.kind === 'connect') return { result: await connect(op.url, op.applicationName) }
    if (!client) return { error: { message: 'The PostgreSQL connection is closed.', code: 'CONNECTION_CLOSED' } }
    if (op.kind === 'close') {
      clients.delete(op.id)
      await client.end()
      return { result: null }
    }
    if (op.kind === 'exec') {
      await client.query({ text: op.sql, query_timeout: op.unlimited ? undefined : QUERY_TIMEOUT_MS })
      return { result: null }
    }
    if (op.before) await client.query(op.before)
    const res = await client.query({ name: op.name, text: op.sql, values: op.params.map(fromMain), rowMode: op.rowMode, query_timeout: QUERY_TIMEOUT_MS })
    return { result: { rows: res.rows, changes: res.rowCount ?? 0 } }
  } catch (e) {
    // The server ended the session (restart, pg_terminate_backend) or the socket broke: this client is done.
    if (client && (client.lost || /^(57P0|08)/.test(e?.code ?? '') || /terminated|not queryable/i.test(e?.message ?? ''))) {
      clients.delete(op.id)
      client.end().catch(() => {})
      return { error: { message: `The connection to PostgreSQL was lost (${e?.message ?? e}).`, code: 'CONNECTION_LOST' } }
    }
    return failure(e)
  }
})
