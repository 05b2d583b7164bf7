import type { FastifyInstance } from 'fastify'
import { unauthorized } from '../../../shared/errors'
import type { AdminTokenHolder } from '../../security/admin-token'
import { bearerToken, constantTimeEqual } from '../../security/credentials'
import type { GatewayMetrics } from '../../services/telemetry/gateway-metrics'

/**
 * `GET /metrics`: the Prometheus text exposition, for the admin token or `telemetry.metrics_token`
 * (a scraper gets a token of its own that opens nothing else).
 */
export async function metricsRoutes(app: FastifyInstance, opts: { metrics: GatewayMetrics; adminToken: AdminTokenHolder; metricsToken: string | null }) {
  app.get('/metrics', async (req, reply) => {
    const token = bearerToken(req.headers.authorization)
    const allowed = token !== undefined && (opts.adminToken.matches(token) || (opts.metricsToken !== null && constantTimeEqual(token, opts.metricsToken)))
    if (!allowed) {
      throw unauthorized('GET /metrics needs "Authorization: Bearer <token>" with the admin token or telemetry.metrics_token from the config file.', token ? 'invalid_metrics_token' : 'missing_metrics_token')
    }
    return reply.type(opts.metrics.contentType).send(await opts.metrics.text())
  })
}
