import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import getPort from 'get-port'
import pg from 'pg'
import { adminQuery, databaseUrl, freshPostgresDatabase, testPostgres } from '../../../../test/support/postgres'
import { storageFault } from '../../kernel/storage-fault'
import { openStore } from '../store'
import { openPostgresDatabase } from './open-postgres'
import { PostgresDb } from './postgres-db'

const cluster = testPostgres()

describe.skipIf('skip' in cluster)(`PostgresDb: better-sqlite3's synchronous API over PostgreSQL${'skip' in cluster ? ` (${cluster.skip})` : ''}`, () => {
  let db: PostgresDb
  let url: string
  let drop: () => Promise<void>
  beforeAll(async () => {
    const fresh = await freshPostgresDatabase((cluster as { url: string }).url)
    ;({ url, drop } = fresh)
    db = new PostgresDb(fresh.url)
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n BIGINT, b BYTEA, r DOUBLE PRECISION)')
  })
  afterAll(async () => {
    db.close()
    await drop()
  })

  it('reads rows as SQLite does: 64-bit integers and sums as numbers, bytea as Buffers, comparisons as 0/1', () => {
    db.prepare('INSERT INTO t (id, n, b, r) VALUES (@id, @n, @b, @r)').run({ id: 'a', n: 2 ** 50, b: Buffer.from([0, 1, 255]), r: 1.5 })
    const row = db.prepare('SELECT n, b, r, n > 0 AS positive, SUM(n) OVER () AS total, count(*) OVER () AS rows FROM t').get() as Record<string, unknown>
    expect(row).toEqual({ n: 2 ** 50, b: Buffer.from([0, 1, 255]), r: 1.5, positive: 1, total: 2 ** 50, rows: 1 })
    expect(Buffer.isBuffer(row.b)).toBe(true)
    expect(db.prepare('SELECT id FROM t').pluck().all()).toEqual(['a'])
    expect(db.prepare('UPDATE t SET n = n + 1 WHERE id = ?').run('a').changes).toBe(1)
  })

  it('transaction: COMMIT on return, ROLLBACK on throw, nested calls as savepoints; a failed statement keeps its SQLSTATE', () => {
    const insert = db.prepare('INSERT INTO t (id) VALUES (?)')
    const ids = () => db.prepare("SELECT id FROM t WHERE id LIKE 'x%' ORDER BY id").pluck().all()
    db.transaction(() => {
      insert.run('x1')
      expect(db.inTransaction).toBe(true)
      expect(() =>
        db.transaction(() => {
          insert.run('x2')
          throw new Error('inner')
        })(),
      ).toThrow('inner')
      insert.run('x3')
    })()
    expect(db.inTransaction).toBe(false)
    expect(ids()).toEqual(['x1', 'x3'])
    expect(() =>
      db.transaction(() => {
        insert.run('x4')
        insert.run('x1')
      })(),
    ).toThrow(expect.objectContaining({ code: '23505' }))
    expect(ids()).toEqual(['x1', 'x3'])
  })

  it('a lost connection fails the statement in flight as a passing storage fault, and the next one connects again', async () => {
    const pid = db.prepare('SELECT pg_backend_pid()').pluck().get()
    await adminQuery((cluster as { url: string }).url, `SELECT pg_terminate_backend(${pid})`)
    let lost: unknown
    try {
      db.prepare('SELECT 1').get()
    } catch (e) {
      lost = e
    }
    expect(storageFault(lost)).toBe('locked')
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBeGreaterThan(0)
    expect(db.prepare('SELECT pg_backend_pid()').pluck().get()).not.toBe(pid)
  })

  it('never waits long for a row another instance holds: the write fails as a passing storage fault (503) instead', async () => {
    db.prepare("INSERT INTO t (id) VALUES ('locked') ON CONFLICT (id) DO NOTHING").run()
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    await other.query("BEGIN; UPDATE t SET n = 1 WHERE id = 'locked'")
    let refused: unknown
    try {
      db.prepare("UPDATE t SET n = 2 WHERE id = 'locked'").run()
    } catch (e) {
      refused = e
    }
    await other.query('ROLLBACK')
    await other.end()
    expect(refused).toMatchObject({ code: '55P03' })
    expect(storageFault(refused)).toBe('locked')
    expect(db.prepare("UPDATE t SET n = 2 WHERE id = 'locked'").run().changes).toBe(1)
  })

  it('refuses a URL it cannot reach with the host and what to check, never the password', async () => {
    const port = await getPort({ host: '127.0.0.1' })
    const url = `postgres://gatehouse:hunter2-secret@127.0.0.1:${port}/gatehouse`
    let message = ''
    try {
      openStore(url)
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toContain(`store.url: cannot connect to PostgreSQL at 127.0.0.1:${port}/gatehouse`)
    expect(message).toContain('Check that the server runs')
    expect(message).not.toContain('hunter2')
  })

  it('migrates once when two instances start together on a fresh database (advisory lock)', async () => {
    const admin = (cluster as { url: string }).url
    const name = `gh_migrate_${process.pid}`
    await adminQuery(admin, `CREATE DATABASE ${name}`)
    try {
      const url = databaseUrl(admin, name)
      const script = `import { openStore } from './src/gateway/store/store.ts'; openStore(process.argv[1]).close(); console.log('migrated')`
      const start = () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, url], { cwd: process.cwd() })
          let out = ''
          child.stdout.on('data', (d) => (out += d))
          child.stderr.on('data', (d) => (out += d))
          child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(out))))
        })
      expect(await Promise.all([start(), start()])).toEqual(['migrated\n', 'migrated\n'])
      const check = openPostgresDatabase(url)
      const versions = check.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()
      check.close()
      expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1))
      expect(versions.length).toBeGreaterThanOrEqual(14)
    } finally {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  })
})
