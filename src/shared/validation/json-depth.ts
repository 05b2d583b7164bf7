import { badRequest, type GatewayError } from '../errors'
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-bytes'

/**
 * How deep JSON may nest. Parsing deeper text works, but every recursive walk after it (validation,
 * JSON.stringify, token estimates) would overflow the stack: the limit is checked on the text, before
 * anything is built from it. Real requests nest a few dozen levels; JSON Schemas rarely pass 50.
 */
export const MAX_JSON_DEPTH = 512


/** Whether JSON text nests objects and arrays deeper than `limit`; brackets inside strings do not count. */
export function jsonNestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
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
