import { z } from 'zod'
import type { SchemaApp } from '../../http/route-schemas'
import type { WebSessions } from '../../services/auth/web-sessions'

const sessionParams = z.object({ id: z.string() })

/** Under `/admin`: the browsers signed in to web mode, and signing them out (one, or everywhere). */
export function webSessionsRoutes(app: SchemaApp, sessions: WebSessions) {
  app.get('/web-sessions', async (req) => ({ data: sessions.list(req.webSessionId) }))
  app.delete('/web-sessions', async () => ({ ended: sessions.endAll() }))
  app.delete('/web-sessions/:id', { schema: { params: sessionParams } }, async (req, reply) => {
    sessions.endOne(req.params.id)
    return reply.code(204).send()
  })
}
