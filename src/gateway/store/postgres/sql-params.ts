/**
 * The repositories write parameters as SQLite does (`?` in order, or `@name`); PostgreSQL numbers them
 * (`$1`). Translated once per prepared statement: string literals, quoted identifiers and comments are
 * left as they are, and a name used twice gets one number.
 */
export interface TranslatedSql {
  text: string
  /** For `@name` statements: the name bound to each `$n`, in order. Empty for `?` statements. */
  names: string[]
  /** How many `?` the statement has. */
  positional: number
}

export function translateParams(sql: string): TranslatedSql {
  const names: string[] = []
  let positional = 0
  let out = ''
  let i = 0
  while (i < sql.length) {
    const c = sql[i]
    const skipTo = skipEnd(sql, i)
    if (skipTo > i) {
      out += sql.slice(i, skipTo)
      i = skipTo
    } else if (c === '?') {
      out += `$${++positional}`
      i++
    } else if (c === '@' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))![0]
      let n = names.indexOf(name)
      if (n < 0) n = names.push(name) - 1
      out += `$${n + 1}`
      i += name.length + 1
    } else {
      out += c
      i++
    }
  }
  if (positional && names.length) throw new Error('A statement mixes ? and @name parameters; use one kind.')
  return { text: out, names, positional }
}

/** Where a literal, quoted identifier or comment starting at `i` ends (`i` itself when none starts there). */
function skipEnd(sql: string, i: number): number {
  const c = sql[i]
  if (c === "'" || c === '"') {
    let j = i + 1
    while (j < sql.length) {
      if (sql[j] === c) {
        if (sql[j + 1] === c) j += 2
        else return j + 1
      } else j++
    }
    return sql.length
  }
  if (c === '-' && sql[i + 1] === '-') {
    const end = sql.indexOf('\n', i)
    return end < 0 ? sql.length : end
  }
  if (c === '/' && sql[i + 1] === '*') {
    const end = sql.indexOf('*/', i + 2)
    return end < 0 ? sql.length : end + 2
  }
  return i
}

/** The values for `$1..$n`, from the arguments a repository passes to `run`/`get`/`all` as it would to better-sqlite3. */
export function bindValues(sql: TranslatedSql, args: unknown[]): unknown[] {
  if (sql.names.length) {
    const named = args.find(isPlainObject) as Record<string, unknown> | undefined
    return sql.names.map((name) => {
      if (!named || !(name in named)) throw new RangeError(`Missing named parameter "${name}"`)
      return toPostgres(named[name])
    })
  }
  // better-sqlite3 takes (and ignores) an empty named-parameter object for a statement without parameters.
  const values = args.filter((a) => !isPlainObject(a)).flat()
  if (values.length !== sql.positional) throw new RangeError(`Too ${values.length < sql.positional ? 'few' : 'many'} parameter values were provided`)
  return values.map(toPostgres)
}

const isPlainObject = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v) && Object.getPrototypeOf(v) === Object.prototype

/** better-sqlite3 binds only numbers, strings, bigints, buffers and null; so does this (booleans as 0/1, as SQLite stores them). */
function toPostgres(v: unknown): unknown {
  if (v === undefined) return null
  if (typeof v === 'boolean') return v ? 1 : 0
  if (typeof v === 'bigint') return v.toString()
  return v
}
