/** Small formatters shared by the pages, so numbers look the same everywhere. */
export const formatCredits = (n: number | null | undefined) => {
  if (n === null || n === undefined || Number.isNaN(n)) return '—'
  if (n === 0) return '0'
  if (Math.abs(n) < 0.01) return String(Number(n.toPrecision(2)))
  return n.toLocaleString('en-US', { maximumFractionDigits: 2 })
}

/** A balance keeps four decimals, so spending a fraction of a credit shows. */
export const formatBalance = (n: number | null | undefined) =>
  n === null || n === undefined || Number.isNaN(n) ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: Math.abs(n) < 1e6 ? 4 : 2 })

export const formatMs = (ms: number | null | undefined) => {
  if (ms === null || ms === undefined) return '—'
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`
}

export const formatDate = (unixSeconds: number | null | undefined) =>
  unixSeconds ? new Date(unixSeconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—'

export function formatRelative(unixSeconds: number, nowMs = Date.now()): string {
  const s = Math.round(nowMs / 1000 - unixSeconds)
  if (s < 60) return 'just now'
  if (s < 3600) return `${Math.floor(s / 60)} min ago`
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`
  return new Date(unixSeconds * 1000).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })
}

export const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : n < 1024 ** 3 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${(n / 1024 ** 3).toFixed(2)} GB`

/** e^logprob as a percentage. */
export const probability = (logprob: number) => `${(Math.exp(logprob) * 100).toFixed(logprob > -0.0005 ? 1 : 2)}%`

/** A message's time: the clock time today, the date too on other days. */
export function formatMessageTime(ms: number, nowMs = Date.now()): string {
  const d = new Date(ms)
  const sameDay = new Date(nowMs).toDateString() === d.toDateString()
  return sameDay ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : d.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
}
