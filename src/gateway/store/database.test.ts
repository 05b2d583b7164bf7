import { chmodSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../../test/support/temp-dirs'
import { openDatabase } from './database'

const tempDir = useTempDirs('gh-db-')

const modeOf = (file: string) => statSync(file).mode & 0o777

describe('openDatabase: the database and its WAL files are private to their owner', () => {
  it('creates gatehouse.db, -wal and -shm as 0600', () => {
    const file = join(tempDir(), 'gatehouse.db')
    const db = openDatabase(file)
    db.prepare("INSERT INTO settings (key, value) VALUES ('k', 'v')").run()
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(f), f).toBe(0o600)
    db.close()
  })

  it('tightens the files of a data dir made by an older version', () => {
    const file = join(tempDir(), 'gatehouse.db')
    openDatabase(file).close()
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      writeFileSync(f, '', { flag: 'a' })
      chmodSync(f, 0o644)
    }
    const db = openDatabase(file)
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(f), f).toBe(0o600)
    db.close()
  })
})

describe('migration 8', () => {
  it('backfills the expiry keys were issued with, for deprecated keys from their successor', async () => {
    const { default: Database } = await import('better-sqlite3')
    const { migrations } = await import('./migrations')
    const { migrate } = await import('./database')
    const db = new Database(':memory:')
    for (const m of migrations.filter((x) => x.version < 8)) db.exec(m.sql)
    db.pragma('user_version = 7')
    db.exec(`INSERT INTO teams (id, name, source, created_at, updated_at) VALUES ('t', 't', 'admin', 0, 0);
      INSERT INTO api_keys (id, kind, team_id, hash, hint, source, created_at, expires_at) VALUES ('new', 'team', 't', 'h2', 'x', 'admin', 0, 5000);
      INSERT INTO api_keys (id, kind, team_id, hash, hint, source, created_at, expires_at, deprecated_at, replaced_by) VALUES ('old', 'team', 't', 'h1', 'x', 'admin', 0, 100, 50, 'new');`)
    migrate(db)
    const issued = Object.fromEntries((db.prepare('SELECT id, issued_expires_at AS e FROM api_keys').all() as Array<{ id: string; e: number }>).map((r) => [r.id, r.e]))
    expect(issued).toEqual({ new: 5000, old: 5000 })
    db.close()
  })
})
