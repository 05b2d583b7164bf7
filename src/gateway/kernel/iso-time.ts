/** A date field of one or two digits, as date strings write it. */
export const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`)

/**
 * `new Date(ms).toISOString()`, written from the date's UTC fields. Node 20's V8 works out the local time zone's
 * offset and name even for the ISO string, which does not print them, and the first such call in a process loads
 * ICU's time zone names: some 0.9 MB the process keeps. The gateway wrote one ISO time as it started (its data
 * dir's lock), so every idle gateway held them. Years outside 0-9999 (written with a sign and six digits) and
 * invalid dates (a RangeError) are left to toISOString.
 */
export function isoTime(ms: number): string {
  const date = new Date(ms)
  const year = date.getUTCFullYear()
  if (!(year >= 0 && year <= 9999)) return date.toISOString()
  const millis = date.getUTCMilliseconds()
  return (
    `${String(year).padStart(4, '0')}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}` +
    `T${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}` +
    `.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`
  )
}
