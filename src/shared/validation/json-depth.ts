import { badRequest, type GatewayError } from '../errors'
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-bytes'

/**
 * How deep JSON may nest. Parsing deeper text works, but every recursive walk after it (validation,
 * JSON.stringify, token estimates) would overflow the stack: the limit is checked on the text, before
 * anything is built from it. Real requests nest a few dozen levels; JSON Schemas rarely pass 50.
 */
export const MAX_JSON_DEPTH = 512

/**
 * Whether JSON text nests objects and arrays deeper than `limit`; brackets inside strings do not count.
 * Text with at most `limit` opening brackets in all cannot (each level opens one), and nearly every request is
 * such text: its brackets are counted with native searches. Text with more is walked, jumping over each string
 * to its closing quote with native searches too: strings are most of a long conversation's bytes, and a walk
 * character by character cost ~0.3 ms per 100 kB, on every such request.
 */
export function jsonNestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  if (!opensMoreThan(text, limit)) return false
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      i = closingQuote(text, i + 1)
      if (i === -1) return false // an unterminated string: the parse says what is wrong
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--
  }
  return false
}

/** Where the string whose text starts at `from` ends: the first quote after an even run of backslashes, or -1. */
function closingQuote(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0
    for (let at = quote - 1; at >= from && text.charCodeAt(at) === BACKSLASH; at--) backslashes++
    if (backslashes % 2 === 0) return quote
  }
  return -1
}

export const jsonTooDeep = (what = 'The request body'): GatewayError =>
  badRequest(`${what} nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels; flatten it.`, null, 'json_too_deep')

/** Whether the text holds more than `limit` of `{` and `[` together, strings included. */
function opensMoreThan(text: string, limit: number): boolean {
  let count = 0
  for (const opener of ['{', '[']) {
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) if (++count > limit) return true
  }
  return false
}
