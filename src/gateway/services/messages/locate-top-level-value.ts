import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../../../shared/validation/json-bytes'

/** Byte offsets into a Buffer: `start` inclusive, `end` exclusive. */
export interface ByteSpan {
  start: number
  end: number
}

/**
 * Finds the byte span of the value of `key` in the top-level object of a JSON document,
 * the value's quotes or brackets included. With duplicate keys the last one wins, as in
 * JSON.parse. Returns null when the document is not an object or lacks the key.
 *
 * It works on bytes, not on decoded text, so offsets are UTF-8 byte offsets: every byte of a
 * multibyte UTF-8 character is >= 0x80 and can never be mistaken for a structural character.
 * The input must already be known to be valid JSON (JSON.parse has accepted it); a malformed
 * input makes it throw rather than guess.
 */
export function locateTopLevelValue(raw: Buffer, key: string): ByteSpan | null {
  let i = skipWhitespace(raw, 0)
  if (raw[i] !== OPEN_BRACE) return null
  i = skipWhitespace(raw, i + 1)
  let found: ByteSpan | null = null
  while (raw[i] !== CLOSE_BRACE) {
    const keyStart = i
    const keyEnd = endOfString(raw, keyStart)
    i = skipWhitespace(raw, keyEnd)
    expectByte(raw, i, COLON)
    const valueStart = skipWhitespace(raw, i + 1)
    const valueEnd = endOfValue(raw, valueStart)
    if (decodeKey(raw, keyStart, keyEnd) === key) found = { start: valueStart, end: valueEnd }
    i = skipWhitespace(raw, valueEnd)
    if (raw[i] === COMMA) i = skipWhitespace(raw, i + 1)
    else expectByte(raw, i, CLOSE_BRACE)
  }
  return found
}

function decodeKey(raw: Buffer, start: number, end: number): string {
  // JSON.parse of the literal alone resolves escapes, so "mod\u0065l" is seen as "model", as JSON.parse sees it.
  return JSON.parse(raw.toString('utf8', start, end)) as string
}

function skipWhitespace(raw: Buffer, i: number): number {
  while (raw[i] === 0x20 || raw[i] === 0x0a || raw[i] === 0x0d || raw[i] === 0x09) i++
  return i
}

function expectByte(raw: Buffer, i: number, byte: number): void {
  if (raw[i] !== byte) {
    throw new SyntaxError(`Expected "${String.fromCharCode(byte)}" at byte ${i} of a JSON document`)
  }
}

/** `i` is at an opening quote; returns the offset just after the closing quote. */
function endOfString(raw: Buffer, i: number): number {
  expectByte(raw, i, QUOTE)
  let j = i + 1
  while (j < raw.length) {
    const byte = raw[j]
    if (byte === QUOTE) return j + 1
    j += byte === BACKSLASH ? 2 : 1
  }
  throw new SyntaxError(`Unterminated string starting at byte ${i} of a JSON document`)
}

function endOfValue(raw: Buffer, i: number): number {
  const first = raw[i]
  if (first === QUOTE) return endOfString(raw, i)
  if (first === OPEN_BRACE || first === OPEN_BRACKET) return endOfContainer(raw, i)
  let j = i
  while (j < raw.length && !isScalarTerminator(raw[j]!)) j++
  if (j === i) throw new SyntaxError(`Expected a value at byte ${i} of a JSON document`)
  return j
}

function endOfContainer(raw: Buffer, i: number): number {
  let depth = 0
  let j = i
  while (j < raw.length) {
    const byte = raw[j]
    if (byte === QUOTE) {
      j = endOfString(raw, j)
      continue
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--
      if (depth === 0) return j + 1
    }
    j++
  }
  throw new SyntaxError(`Unterminated object or array starting at byte ${i} of a JSON document`)
}

function isScalarTerminator(byte: number): boolean {
  return (
    byte === COMMA ||
    byte === CLOSE_BRACE ||
    byte === CLOSE_BRACKET ||
    byte === 0x20 ||
    byte === 0x0a ||
    byte === 0x0d ||
    byte === 0x09
  )
}
