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
 * such text: its brackets are counted with native searches, and only text with more is walked character by
 * character (which cost ~0.3 ms per 100 kB, on every request with a long conversation in it).
 */
export function jsonNestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  if (!opensMoreThan(text, limit)) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--
  }
  return false
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
