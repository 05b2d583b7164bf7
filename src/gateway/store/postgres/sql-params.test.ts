import { describe, expect, it } from 'vitest'
import { bindValues, translateParams } from './sql-params'

describe('translateParams: SQLite parameters as PostgreSQL numbers them', () => {
  it('numbers ? in order and @name once per name, leaving literals, quoted names and comments alone', () => {
    expect(translateParams("SELECT * FROM t WHERE a = ? AND b = '?' AND c = ?").text).toBe("SELECT * FROM t WHERE a = $1 AND b = '?' AND c = $2")
    const named = translateParams(`UPDATE t SET a = @now, "@x" = 'it''s @y' -- @z\n WHERE id = @id AND b = @now /* @w */`)
    expect(named.text).toBe(`UPDATE t SET a = $1, "@x" = 'it''s @y' -- @z\n WHERE id = $2 AND b = $1 /* @w */`)
    expect(named.names).toEqual(['now', 'id'])
  })

  it('binds values as better-sqlite3 takes them, and says which named parameter is missing', () => {
    expect(bindValues(translateParams('SELECT ?, ?'), [1, [2]])).toEqual([1, 2])
    expect(bindValues(translateParams('SELECT @a, @b'), [{ b: 2, a: undefined, extra: 3 }])).toEqual([null, 2])
    expect(() => bindValues(translateParams('SELECT @a, @b'), [{ a: 1 }])).toThrow('Missing named parameter "b"')
    expect(() => bindValues(translateParams('SELECT ?'), [])).toThrow('Too few parameter values')
  })
})
