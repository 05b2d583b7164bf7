import { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { twoDigits } from '../kernel/iso-time'

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

let cachedSecond = Number.NaN
let cachedDate = ''

/**
 * The value of an HTTP `Date` header for `ms` (RFC 9110's IMF-fixdate, as `toUTCString` writes it:
 * `Sat, 28 Nov 2026 20:10:00 GMT`), from the date's UTC fields and written once a second.
 */
export function httpDate(ms = Date.now()): string {
  const second = Math.floor(ms / 1000)
  if (second === cachedSecond) return cachedDate
  const date = new Date(second * 1000)
  const year = date.getUTCFullYear()
  const value =
    year >= 1000 && year <= 9999
      ? `${DAYS[date.getUTCDay()]}, ${twoDigits(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${year} ` +
        `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())} GMT`
      : date.toUTCString()
  cachedSecond = second
  cachedDate = value
  return value
}

function namesDate(headers: OutgoingHttpHeaders): boolean {
  for (const name in headers) if (name.length === 4 && name.toLowerCase() === 'date') return true
  return false
}

/** Marks a headers object whose date this class wrote, so a caller that passes the same object again gets a fresh one. */
const DATED = Symbol('dated by DatedServerResponse')
type Headers = OutgoingHttpHeaders & { [DATED]?: true }

/**
 * Node's server responses with their `Date` header written by httpDate. Node writes it with `toUTCString`, and
 * Node 20's V8 works out the local time zone's offset and name for every Date string, the UTC one included: the
 * first response a process sends loads ICU's time zone names, some 0.9 MB it then keeps (kernel/iso-time.ts has
 * the same for ISO times). Every response passes through writeHead (Node's implicit headers call it too), where
 * the date joins the headers given, so Node finds one and writes no second. It is added to the caller's own
 * object (Fastify's, or a stream reply's, made for this response): a copy cost 5-10 µs a response here, which
 * adding a property does not. An object passed again is dated again, and a frozen one is copied. A response with
 * `sendDate` off or a Date of its own is left alone, and so is one given its headers as an array: Node then
 * writes the header itself.
 */
export class DatedServerResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(statusCode: number, reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined
    let given: Headers | OutgoingHttpHeader[] | undefined = reason === undefined ? (reasonOrHeaders as OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined) : headers
    if (this.sendDate && !Array.isArray(given) && !this.hasHeader('date')) {
      if (given === undefined) given = { date: httpDate() }
      else if (given[DATED]) given.date = httpDate()
      else if (!namesDate(given)) {
        if (Object.isExtensible(given)) {
          given.date = httpDate()
          given[DATED] = true
        } else given = { ...given, date: httpDate() }
      }
    }
    return reason === undefined ? super.writeHead(statusCode, given) : super.writeHead(statusCode, reason, given)
  }
}
