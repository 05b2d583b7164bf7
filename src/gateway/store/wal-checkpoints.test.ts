import Database from 'better-sqlite3'
import { copyFileSync, fdatasync, readdirSync, readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../../test/support/temp-dirs'
import { openDatabase } from './database'
import { checkpointAfterBackgroundFlush, shouldFlushWalInBackground, SQLITE_AUTOCHECKPOINT_PAGES, type WalCheckpointOptions } from './wal-checkpoints'

const tempDir = useTempDirs('gh-wal-')

type Flush = NonNullable<WalCheckpointOptions['flush']>

/** A WAL database whose writes are noted, as openDatabase's statements note theirs. */
function walDatabase(options: WalCheckpointOptions) {
  const file = join(tempDir(), 'test.db')
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body BLOB)')
  const checkpoints = checkpointAfterBackgroundFlush(db, `${file}-wal`, options)
  const insert = db.prepare('INSERT INTO rows (body) VALUES (?)')
  const write = (bytes = 100) => {
    insert.run(Buffer.alloc(bytes, 1))
    checkpoints.noteWrite()
  }
  return { file, db, write }
}

/** The rows the database file itself holds, without its WAL: what the checkpoints have copied into it. */
function rowsInDatabaseFile(file: string, table = 'rows', where = 'true'): number {
  const copy = join(tempDir(), 'copy.db')
  copyFileSync(file, copy)
  const db = new Database(copy, { readonly: true })
  try {
    if (db.prepare('SELECT count(*) FROM sqlite_master WHERE name = ?').pluck().get(table) === 0) return 0
    return db.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get() as number
  } finally {
    db.close()
  }
}

/** Flushes that wait to be finished by the test, each with the file its descriptor is open on. */
function heldFlushes() {
  const held: { path: string; finish: (err?: NodeJS.ErrnoException) => Promise<void> }[] = []
  const flush: Flush = (fd, done) => {
    held.push({
      path: readlinkSync(`/proc/self/fd/${fd}`),
      finish: (err) => new Promise<void>((resolve) => (err ? (done(err), resolve()) : fdatasync(fd, (e) => (done(e), resolve())))),
    })
  }
  return { held, flush }
}

const openDescriptorsOn = (path: string) => readdirSync('/proc/self/fd').filter((fd) => {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`) === path
  } catch {
    return false
  }
})

describe.runIf(process.platform === 'linux')('checkpoints after a background flush of the WAL', () => {
  it('flushes the WAL every so many writes, and copies it into the database only once the flush is done', async () => {
    const { held, flush } = heldFlushes()
    const { file, db, write } = walDatabase({ writesPerCheckpoint: 10, flush })
    for (let i = 0; i < 9; i++) write()
    expect(held).toHaveLength(0)
    write()
    expect(held.map((f) => f.path)).toEqual([`${file}-wal`])
    // SQLite's own checkpoint no longer runs at its 1,000 pages: nothing reached the database file yet.
    for (let i = 0; i < 20; i++) write()
    expect(held).toHaveLength(1)
    expect(rowsInDatabaseFile(file)).toBe(0)
    await held[0]!.finish()
    expect(rowsInDatabaseFile(file)).toBe(30)
    db.close()
  })

  it('adapts the writes between checkpoints to the pages each found, at most halving or doubling at a time', async () => {
    const { held, flush } = heldFlushes()
    const { db, write } = walDatabase({ writesPerCheckpoint: 40, targetPages: 30, flush })
    // Rows of 6 kB: each write adds two pages and more, so 40 writes find over 80, far above 30.
    for (let i = 0; i < 40; i++) write(6000)
    await held[0]!.finish()
    for (let i = 0; i < 19; i++) write(6000)
    expect(held).toHaveLength(1)
    write(6000)
    expect(held).toHaveLength(2)
    db.close()
  })

  it("keeps SQLite's own checkpoint as a backstop, and gives it back its usual threshold when a flush fails", async () => {
    const { held, flush } = heldFlushes()
    const { file, db, write } = walDatabase({ writesPerCheckpoint: 5, flush })
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(8 * SQLITE_AUTOCHECKPOINT_PAGES)
    for (let i = 0; i < 5; i++) write()
    const sqlitesOwn = openDescriptorsOn(`${file}-wal`).length - 1
    await held[0]!.finish(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }))
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_AUTOCHECKPOINT_PAGES)
    expect(openDescriptorsOn(`${file}-wal`)).toHaveLength(sqlitesOwn)
    for (let i = 0; i < 20; i++) write()
    expect(held).toHaveLength(1)
    db.close()
  })

  it('closes its descriptor of the WAL with the database, and a flush finishing after that does nothing', async () => {
    const { held, flush } = heldFlushes()
    const { file, db, write } = walDatabase({ writesPerCheckpoint: 5, flush })
    const sqlitesOwn = openDescriptorsOn(`${file}-wal`).length
    for (let i = 0; i < 5; i++) write()
    expect(openDescriptorsOn(`${file}-wal`)).toHaveLength(sqlitesOwn + 1)
    db.close()
    expect(openDescriptorsOn(`${file}-wal`)).toEqual([])
    await expect(held[0]!.finish(Object.assign(new Error('EBADF: bad file descriptor, fdatasync'), { code: 'EBADF' }))).resolves.toBeUndefined()
  })

  it("is how openDatabase runs the gateway's database: its writes reach the database file through these checkpoints", async () => {
    const file = join(tempDir(), 'gatehouse.db')
    const db = openDatabase(file)
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(8 * SQLITE_AUTOCHECKPOINT_PAGES)
    const insert = db.prepare("INSERT INTO settings (key, value) VALUES (?, 'v')")
    for (let i = 0; i < 128; i++) insert.run(`key-${i}`)
    // The flush runs in libuv's thread pool; the checkpoint follows on the event loop.
    await expect.poll(() => rowsInDatabaseFile(file, 'settings', "key LIKE 'key-%'"), { timeout: 20_000 }).toBe(128)
    db.close()
    expect(openDescriptorsOn(`${file}-wal`)).toEqual([])
  })
})

describe('shouldFlushWalInBackground', () => {
  it('is on for database files on Linux, off for memory and for macOS and Windows, whose fsync also flushes the drive', () => {
    expect(shouldFlushWalInBackground('/data/gatehouse.db', 'linux')).toBe(true)
    expect(shouldFlushWalInBackground(':memory:', 'linux')).toBe(false)
    expect(shouldFlushWalInBackground('/data/gatehouse.db', 'darwin')).toBe(false)
    expect(shouldFlushWalInBackground('C:\\data\\gatehouse.db', 'win32')).toBe(false)
  })
})
