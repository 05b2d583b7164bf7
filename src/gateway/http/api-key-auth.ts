import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { OAuthScope } from '../../shared/admin-wire'
import { httpDate } from './dated-server-response'

/** The credentials a request presents, by header. */
export interface PresentedCredentials {
  authorization?: string | undefined
  xApiKey?: string | undefined
  xSvcKey?: string | undefined
  scope?: string | undefined
}

/** What authentication hands back: whoever the key belongs to, and whether the key is being rotated out. */
export interface KeyHolder {
  deprecation: { deprecatedAt: number; expiresAt: number | null } | null
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}

/**
 * What an OAuth token must hold for a route group: one of OAUTH_SCOPES, or `any` for the few routes
 * every token may call (listing models). Required, so no route group is left open to every token by
 * forgetting it.
 */
export type RouteScope = OAuthScope | 'any'

/**
 * Authenticates every route of the scope it is installed in with an API key or an OAuth token (spec
 * section 5) and puts the holder on `req.principal` (typed where it is used: api/request-context.ts).
 * A key in its rotation grace period still works and says so with `Deprecation` (RFC 9745) and
 * `Sunset` (RFC 8594). `keyless`, where given, may answer for a request that sent no credential at all
 * (the Ollama routes' opt-in).
 */
export function installApiKeyAuth(
  app: FastifyInstance,
  authenticate: (c: PresentedCredentials) => KeyHolder,
  routeScope: RouteScope,
  keyless?: (req: FastifyRequest) => KeyHolder | null,
): void {
  const scope = routeScope === 'any' ? undefined : routeScope
  app.decorateRequest('principal', null as never)
  app.addHook('onRequest', (req, reply, done) => {
    let holder: KeyHolder
    try {
      const presented = { authorization: header(req, 'authorization'), xApiKey: header(req, 'x-api-key'), xSvcKey: header(req, 'x-svc-key'), scope }
      const sentNone = presented.authorization === undefined && presented.xApiKey === undefined && presented.xSvcKey === undefined
      holder = (sentNone ? keyless?.(req) : null) ?? authenticate(presented)
    } catch (err) {
      return done(err as Error)
    }
    ;(req as { principal: unknown }).principal = holder
    if (holder.deprecation) {
      reply.header('Deprecation', `@${Math.floor(holder.deprecation.deprecatedAt / 1000)}`)
      if (holder.deprecation.expiresAt !== null) reply.header('Sunset', httpDate(holder.deprecation.expiresAt))
    }
    done()
  })
}
