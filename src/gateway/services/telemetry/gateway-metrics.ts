import { createRequire } from 'node:module'
import type * as PromClient from 'prom-client'
import type { UsageRow } from '../../store/repos/usage-repo'
import { fastCounter, fastHistogram } from './metric-series'

/** What an engine pool reports of its load (engines/host's EngineStats). */
export interface EngineLoad {
  kind: string
  queued: number
  running: number
}

// prom-client's index also loads its default process metrics, cluster aggregator, summaries and push gateway (with
// OpenTelemetry's API): 40 ms of CPU and 11 MB at every start for classes unused here. The four used come from their own
// files (the package has no exports map, so these paths are its public layout): 4 ms and under 1 MB. Its Counter and
// Histogram classes serve only metrics written rarely; those written on every request are metric-series.ts's.
const requireFromHere = createRequire(import.meta.url)
const Registry = requireFromHere('prom-client/lib/registry.js') as typeof PromClient.Registry
const Counter = requireFromHere('prom-client/lib/counter.js') as typeof PromClient.Counter
const Gauge = requireFromHere('prom-client/lib/gauge.js') as typeof PromClient.Gauge

const SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120]

/**
 * The gateway's Prometheus metrics, in a Registry of its own (never prom-client's global one: a test
 * process runs many gateways). Model requests are counted once each, when they settle (`settled`);
 * HTTP requests of every route by the HTTP layer (`httpRequest`); others count what only they see
 * (`rateLimited` for the rate limiter, `cacheHit` for the response cache). Labels name teams and
 * models by name, as people read them on a dashboard.
 */
export function createGatewayMetrics({ engineLoad = () => [], teamName }: { engineLoad?: () => readonly EngineLoad[]; teamName: (teamId: string | null) => string }) {
  const registry = new Registry()
  const registers = [registry]
  // Written on every request: series found by label values (metric-series.ts), not prom-client's labels objects.
  const httpRequests = fastCounter(registry, { name: 'gatehouse_http_requests_total', help: 'HTTP requests answered, by route and status.', labelNames: ['method', 'route', 'status'] })
  const httpSeconds = fastHistogram(registry, { name: 'gatehouse_http_request_duration_seconds', help: 'Time to answer an HTTP request (to the last byte for streams).', labelNames: ['method', 'route'], buckets: SECONDS })
  const requests = fastCounter(registry, { name: 'gatehouse_requests_total', help: 'Model requests settled, by endpoint, team, model and status.', labelNames: ['endpoint', 'team', 'model', 'status'] })
  const errors = fastCounter(registry, { name: 'gatehouse_request_errors_total', help: 'Model requests that ended with a status of 400 or more.', labelNames: ['endpoint', 'team', 'model', 'status'] })
  const seconds = fastHistogram(registry, { name: 'gatehouse_request_duration_seconds', help: 'Model request latency, from start to settle.', labelNames: ['endpoint', 'model'], buckets: SECONDS })
  const tokens = fastCounter(registry, { name: 'gatehouse_tokens_total', help: 'Tokens used, by team, model and direction (input, output).', labelNames: ['team', 'model', 'direction'] })
  const credits = fastCounter(registry, { name: 'gatehouse_credits_total', help: 'Credits charged, by team and model.', labelNames: ['team', 'model'] })
  const cacheHits = new Counter({ name: 'gatehouse_cache_hits_total', help: 'Requests answered from the response cache.', labelNames: ['endpoint', 'team'], registers })
  const rateLimited = new Counter({ name: 'gatehouse_rate_limited_total', help: 'Requests refused by a rate limit, by team and limit.', labelNames: ['team', 'limit'], registers })
  new Gauge({
    name: 'gatehouse_engine_queue_depth',
    help: 'Requests waiting for a local engine (whisper, tts, llama, documents), by engine.',
    labelNames: ['engine'],
    registers,
    collect() {
      this.reset()
      for (const e of engineLoad()) this.inc({ engine: e.kind }, e.queued)
    },
  })
  new Gauge({
    name: 'gatehouse_engine_running',
    help: 'Requests a local engine is serving now, by engine.',
    labelNames: ['engine'],
    registers,
    collect() {
      this.reset()
      for (const e of engineLoad()) this.inc({ engine: e.kind }, e.running)
    },
  })

  return {
    contentType: registry.contentType,
    /** The text exposition of every metric. */
    text: () => registry.metrics(),

    /** A model request's usage row, as it settles (hits of the response cache included). */
    settled(row: UsageRow): void {
      const team = teamName(row.teamId)
      const model = row.modelName ?? row.requestedModel ?? ''
      const status = String(row.status)
      requests.at(row.endpoint, team, model, status).value++
      if (row.status >= 400) errors.at(row.endpoint, team, model, status).value++
      seconds.observe(row.latencyMs / 1000, row.endpoint, model)
      if (row.promptTokens) tokens.at(team, model, 'input').value += row.promptTokens
      if (row.completionTokens) tokens.at(team, model, 'output').value += row.completionTokens
      if (row.creditsMicro) credits.at(team, model).value += row.creditsMicro / 1e6
      if (row.cacheHit) cacheHits.inc({ endpoint: row.endpoint, team })
    },

    httpRequest(method: string, route: string, status: number, elapsedMs: number): void {
      httpRequests.at(method, route, String(status)).value++
      httpSeconds.observe(elapsedMs / 1000, method, route)
    },

    /** For the rate limiter: a request refused by `limit` (e.g. `key.rpm`, `team.tpm`). */
    rateLimited(teamId: string | null, limit: string): void {
      rateLimited.inc({ team: teamName(teamId), limit })
    },
  }
}

export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>
