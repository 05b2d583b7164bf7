export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string }

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n')
  return { line: before.length, column: before[before.length - 1]!.length + 1 }
}

/** JSON.parse with an error that says where, in words a person can act on. */
export function parseJsonText(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (e) {
    const msg = (e as Error).message
    const pos = /position (\d+)/.exec(msg)
    if (pos) {
      const { line, column } = lineColumn(text, Number(pos[1]))
      return { ok: false, message: `Not valid JSON at line ${line}, column ${column}: ${msg.replace(/ in JSON at position \d+.*$/, '').replace(/ \(line \d+ column \d+\)$/, '')}` }
    }
    return { ok: false, message: `Not valid JSON: ${msg}` }
  }
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export const prettyJson = (v: unknown) => JSON.stringify(v, null, 2)
