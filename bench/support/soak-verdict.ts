/**
 * Whether a soak ended flat: the minutes after the first (which warms up) split into an early window and a
 * late one, each a quarter of the run (at least a minute); flat when the late window's median grew by at most
 * `tolerance` over the early one's, for every measure. Medians, because one minute's sample on a shared machine
 * can catch a collection or a burst of other work; a leak or a slowdown moves the whole window.
 */
export function soakVerdict(minutes: Array<Record<string, number>>, measures: string[], tolerance = 0.1) {
  const measured = minutes.slice(1)
  const width = Math.max(1, Math.floor(measured.length / 4))
  const early = measured.slice(0, width)
  const late = measured.slice(-width)
  const median = (rows: Array<Record<string, number>>, key: string) => {
    const sorted = rows.map((r) => r[key]!).sort((a, b) => a - b)
    const mid = sorted.length >> 1
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  }
  const growth = Object.fromEntries(measures.map((key) => [key, median(late, key) / median(early, key) - 1]))
  const windows = `minutes ${early[0]?.minute}-${early.at(-1)?.minute} against ${late[0]?.minute}-${late.at(-1)?.minute}`
  return { windows, growth, flat: Object.values(growth).every((g) => g <= tolerance) }
}
