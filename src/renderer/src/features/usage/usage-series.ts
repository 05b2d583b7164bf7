import type { UsageStats } from '../../../../shared/usage-wire'

export type UsageMetric = 'requests' | 'tokens' | 'credits' | 'latency_ms'

export const METRICS: ReadonlyArray<{ id: UsageMetric; title: string }> = [
  { id: 'requests', title: 'Requests' },
  { id: 'tokens', title: 'Tokens' },
  { id: 'credits', title: 'Credits' },
  { id: 'latency_ms', title: 'Latency (mean)' },
]

export interface ChartSeries {
  /** Bucket starts, Unix seconds, ascending. */
  xs: number[]
  series: Array<{ label: string; values: Array<number | null> }>
  /** Seconds a bucket spans (an hour unless said). */
  step?: number
}

const BUCKET_SECONDS = { hour: 3600, day: 86400 } as const
const MAX_BUCKETS = 2000

/**
 * One metric of the stats as aligned series, one per group, over every bucket from the first to the last
 * (a lone bucket stays one point: the chart centres it in its own span). A group with
 * no requests in a bucket counts 0 there, except latency, which has no value without requests.
 */
export function toSeries(stats: UsageStats, metric: UsageMetric): ChartSeries {
  const seen = [...new Set(stats.points.map((p) => p.t))].sort((a, b) => a - b)
  const step = BUCKET_SECONDS[stats.bucket]
  let xs = seen
  if (seen.length > 1 && (seen.at(-1)! - seen[0]!) / step < MAX_BUCKETS) xs = Array.from({ length: (seen.at(-1)! - seen[0]!) / step + 1 }, (_, i) => seen[0]! + i * step)
  const index = new Map(xs.map((t, i) => [t, i]))
  const series = stats.groups.map((g) => {
    const values: Array<number | null> = xs.map(() => (metric === 'latency_ms' ? null : 0))
    for (const p of stats.points) if (p.group === g.key) values[index.get(p.t)!] = p[metric]
    return { label: g.label, values }
  })
  return { xs, series, step }
}

/** What a chart shows, in words, for screen readers (a canvas says nothing by itself). */
export function describeSeries(title: string, bucket: UsageStats['bucket'], s: ChartSeries): string {
  if (!s.xs.length) return `${title}: no requests in this range.`
  const parts = s.series.map((x) => `${x.label} ${Math.round(x.values.reduce<number>((n, v) => (v === null ? n : Math.max(n, v)), 0) * 100) / 100}`)
  return `${title} per ${bucket}, highest by group: ${parts.join(', ')}.`
}
