import type { RequestObserver } from '../pipeline/pipeline'
import type { GatewayMetrics } from './gateway-metrics'

/** What the pipeline tells telemetry: every settled request to the metrics, and to the tracer when traces are on. */
export function telemetryObserver(metrics: GatewayMetrics | null, tracer: RequestObserver | undefined): RequestObserver {
  return {
    began(run) {
      tracer?.began(run)
    },
    settled(run, row, target) {
      metrics?.settled(row)
      tracer?.settled(run, row, target)
    },
  }
}
