import type { FastifyInstance } from 'fastify'

/** `GET /health`: no auth, for supervisors and tools that wait for the gateway to come up. */
export async function healthRoutes(app: FastifyInstance, opts: { version: string; startedAt: number; now: () => number }) {
  app.get('/health', async () => ({ status: 'ok', version: opts.version, uptime_s: Math.round((opts.now() - opts.startedAt) / 1000) }))
}
