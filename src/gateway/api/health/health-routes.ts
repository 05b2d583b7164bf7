import type { FastifyInstance } from 'fastify'

export interface HealthOptions {
  version: string
  startedAt: number
  now: () => number
  /** What keeps the gateway from doing all its work right now (e.g. the usage log cannot be written). */
  problems: () => string[]
  /** Why the gateway cannot serve (its store does not answer), null when it can. */
  notReady?: () => string | null
}

/**
 * `GET /health`: no auth, for supervisors and tools that wait for the gateway to come up. Always 200
 * while the process answers: `status` is `degraded`, with `problems` naming each cause, while part of
 * its work fails (a full disk, a database another process holds locked), and `ok` again once it passes.
 */
export async function healthRoutes(app: FastifyInstance, opts: HealthOptions) {
  app.get('/health', async () => {
    const problems = opts.problems()
    return { status: problems.length ? 'degraded' : 'ok', version: opts.version, uptime_s: Math.round((opts.now() - opts.startedAt) / 1000), problems }
  })

  /**
   * `GET /health/ready`: for a load balancer. 503 while the store is unreachable (or not migrated:
   * the gateway listens only once it is), 200 once it answers; probed on every call.
   */
  app.get('/health/ready', async (_req, reply) => {
    const problem = opts.notReady?.() ?? null
    if (problem) return reply.code(503).header('retry-after', '1').send({ status: 'unavailable', problem })
    return { status: 'ready' }
  })
}
