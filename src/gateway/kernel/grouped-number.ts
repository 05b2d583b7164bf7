/**
 * `units` of 10^-`decimals` written as `toLocaleString('en-US', { maximumFractionDigits: decimals })` writes the
 * number they make, digits grouped by threes and trailing zeros dropped: `groupedNumber(131_072_000, 6)` is
 * `131.072`, `groupedNumber(10_000)` is `10,000`. Without Intl, because the first Intl number format in a process
 * loads ICU's number data: 22-28 ms, and 7.6 MB of memory the process then keeps (Node 20), for a figure in an
 * error message such as the first 402. Fractions of a unit round half away from zero, as Intl's do.
 */
export function groupedNumber(units: number, decimals = 0): string {
  const whole = Math.round(Math.abs(units))
  if (!Number.isSafeInteger(whole)) return (units / 10 ** decimals).toLocaleString('en-US', { maximumFractionDigits: decimals })
  const digits = String(whole).padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+$)/g, ',')
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${units < 0 ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}
