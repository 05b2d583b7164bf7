import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Authenticate } from '../services/auth/authenticate'
import type { Principal } from '../services/auth/principal'

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal
  }
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}

/**
 * Authenticates every route of the scope it is installed in with an API key (spec section 5). A key in
 * its rotation grace period still works and says so with `Deprecation` (RFC 9745) and `Sunset` (RFC 8594).
 */
export function installApiKeyAuth(app: FastifyInstance, authenticate: Authenticate): void {
  app.decorateRequest('principal', null as unknown as Principal)
  app.addHook('onRequest', async (req, reply) => {
    const principal = authenticate({
      authorization: header(req, 'authorization'),
      xApiKey: header(req, 'x-api-key'),
      xSvcKey: header(req, 'x-svc-key'),
    })
    req.principal = principal
    if (principal.deprecation) {
      reply.header('Deprecation', `@${Math.floor(principal.deprecation.deprecatedAt / 1000)}`)
      if (principal.deprecation.expiresAt !== null) reply.header('Sunset', new Date(principal.deprecation.expiresAt).toUTCString())
    }
  })
}
