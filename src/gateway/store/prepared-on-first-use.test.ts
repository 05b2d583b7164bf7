import { describe, expect, it } from 'vitest'
import { isSqlite, openDatabase } from './database'
import { loadExtensionOnFirstUse } from './prepared-on-first-use'
import { loadVectorExtension } from './vector-extension'

/** The SQLite database's statements compile on their first run (prepared-on-first-use.ts), and behave as before. */
describe('statements prepared on first use', () => {
  it('compiles a statement on its first run, not when it is prepared', () => {
    const db = openDatabase(':memory:')
    const later = db.prepare('SELECT x FROM made_later ORDER BY x')
    // Compiled at once, the statement would have failed here: the table does not exist yet.
    db.exec('CREATE TABLE made_later (x INTEGER)')
    db.prepare('INSERT INTO made_later (x) VALUES (?), (@two)').run(1, { two: 2 })
    expect(later.all()).toEqual([{ x: 1 }, { x: 2 }])
    expect(isSqlite(db)).toBe(true)
    db.close()
  })

  it('keeps pluck set before or after the first run, iterate, run results and transactions', () => {
    const db = openDatabase(':memory:')
    db.exec('CREATE TABLE t (x INTEGER)')
    const insert = db.prepare('INSERT INTO t (x) VALUES (?)')
    const values = db.prepare('SELECT x FROM t ORDER BY x').pluck()
    db.transaction(() => {
      expect(insert.run(1).changes).toBe(1)
      insert.run(2)
    })()
    expect(values.all()).toEqual([1, 2])
    expect([...values.iterate()]).toEqual([1, 2])
    expect(values.pluck(false).get()).toEqual({ x: 1 })
    db.close()
  })

  it('loads an extension when the first statement calling its functions compiles', () => {
    const db = openDatabase(':memory:')
    let loads = 0
    loadExtensionOnFirstUse(db, /\btwice\(/, () => {
      loads++
      db.function('twice', (x: number) => 2 * x)
    })
    const doubled = db.prepare('SELECT twice(21) AS n').pluck()
    expect(db.prepare('SELECT 1').get()).toEqual({ 1: 1 })
    expect(loads).toBe(0)
    expect(doubled.get()).toBe(42)
    expect(db.prepare('SELECT twice(2)').pluck().get()).toBe(4)
    expect(loads).toBe(1)
    db.close()
  })

  it('has sqlite-vec\'s functions once a statement calls them', () => {
    const db = openDatabase(':memory:')
    expect(loadVectorExtension(db)).toBe(true)
    const distance = db.prepare('SELECT vec_distance_cosine(vec_f32(?), vec_f32(?))').pluck()
    expect(distance.get(JSON.stringify([1, 0]), JSON.stringify([0, 1]))).toBeCloseTo(1)
    db.close()
  })

  it('throws SQLite\'s own error on the first run of a statement that does not compile', () => {
    const db = openDatabase(':memory:')
    const broken = db.prepare('SELECT nope FROM nowhere')
    expect(() => broken.get()).toThrow('no such table: nowhere')
    db.close()
  })
})
