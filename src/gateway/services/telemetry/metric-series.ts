import type * as PromClient from 'prom-client'

type Labels = Record<string, string>
type Registry = Pick<PromClient.Registry, 'registerMetric'>
type Value = { labels: Labels; value: number; metricName?: string; sharedLabels?: Labels }

/**
 * The series of one labelled metric, found by their label values through nested Maps. prom-client's
 * `inc(labels)` / `observe(labels)` build a key string from a labels object and validate every label on
 * each call, seven times a proxied request; here a request looks its series up without allocating.
 * Up to four labels, given in `labelNames`' order.
 */
function seriesOf<T>(labelNames: readonly string[], make: (labels: Labels) => T) {
  const root = new Map<string, unknown>()
  const all: T[] = []
  const last = labelNames.length - 1
  return {
    all,
    at(a: string, b?: string, c?: string, d?: string): T {
      let node = root
      for (let i = 0; ; i++) {
        const value = (i === 0 ? a : i === 1 ? b : i === 2 ? c : d) as string
        const next = node.get(value)
        if (i === last) {
          if (next) return next as T
          const labels: Labels = {}
          for (let j = 0; j <= last; j++) labels[labelNames[j]!] = (j === 0 ? a : j === 1 ? b : j === 2 ? c : d) as string
          const series = make(labels)
          node.set(value, series)
          all.push(series)
          return series
        }
        if (next) node = next as Map<string, unknown>
        else node.set(value, (node = new Map()))
      }
    },
  }
}

/** A Prometheus counter in `registry`, exposed as prom-client's own Counter would expose it. */
export function fastCounter(registry: Registry, config: { name: string; help: string; labelNames: readonly string[] }) {
  const series = seriesOf(config.labelNames, (labels) => ({ labels, value: 0 }))
  registry.registerMetric({
    name: config.name,
    get: async () => ({ name: config.name, help: config.help, type: 'counter', aggregator: 'sum', values: series.all.map((s): Value => ({ labels: s.labels, value: s.value })) }),
  } as unknown as PromClient.Metric)
  return {
    /** The series of these label values: add to its `value`. */
    at: series.at,
  }
}

/** A Prometheus histogram in `registry`, exposed as prom-client's own Histogram would expose it. */
export function fastHistogram(registry: Registry, config: { name: string; help: string; labelNames: readonly string[]; buckets: readonly number[] }) {
  const bounds = [...config.buckets].sort((x, y) => x - y)
  const series = seriesOf(config.labelNames, (labels) => ({ labels, buckets: new Array<number>(bounds.length).fill(0), sum: 0, count: 0 }))
  const values = (s: (typeof series.all)[number]): Value[] => {
    let cumulative = 0
    const out = bounds.map((le, i): Value => ({ labels: { le: le as unknown as string }, sharedLabels: s.labels, value: (cumulative += s.buckets[i]!), metricName: `${config.name}_bucket` }))
    out.push(
      { labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count, metricName: `${config.name}_bucket` },
      { labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${config.name}_sum` },
      { labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${config.name}_count` },
    )
    return out
  }
  registry.registerMetric({
    name: config.name,
    get: async () => ({ name: config.name, help: config.help, type: 'histogram', aggregator: 'sum', values: series.all.flatMap(values) }),
  } as unknown as PromClient.Metric)
  return {
    observe(value: number, a: string, b?: string, c?: string, d?: string): void {
      const s = series.at(a, b, c, d)
      for (let i = 0; i < bounds.length; i++) {
        if (value <= bounds[i]!) {
          s.buckets[i]!++
          break
        }
      }
      s.sum += value
      s.count++
    },
  }
}
