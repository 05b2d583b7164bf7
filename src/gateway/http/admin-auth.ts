import type { FastifyInstance, FastifyRequest } from 'fastify'
import { forbidden, unauthorized, type GatewayError } from '../../shared/errors'
import { SESSION_COOKIE, WEB_CLIENT_HEADER } from '../../shared/web'
import type { AdminTokenHolder } from '../security/admin-token'
import { bearerToken } from '../security/credentials'
import { readCookie } from '../security/web-session'

declare module 'fastify' {
  interface FastifyRequest {
    /** The web session an admin call came with (null for the admin token). */
    webSessionId: string | null
  }
}

/**
 * Why a call is not from the gateway's own pages, or null when it is: it must carry the web client's
 * header (no other origin can send it without a CORS preflight the gateway never grants) and, when it
 * has an Origin, that origin must be the gateway's own.
 */
export function notFromOwnPages(req: FastifyRequest): GatewayError | null {
  if (req.headers[WEB_CLIENT_HEADER] !== '1') return unauthorized(`Send this from the Gatehouse page itself (it carries the ${WEB_CLIENT_HEADER} header).`, 'missing_web_client_header')
  const origin = req.headers.origin
  if (origin === undefined) return null
  try {
    if (new URL(origin).host.toLowerCase() === (req.headers.host ?? '').toLowerCase()) return null
  } catch {
    // an Origin that is not a URL is another origin
  }
  return forbidden(`Calls from ${origin} are not accepted here; only the gateway's own pages may send them.`, 'cross_origin')
}

export interface AdminAuthOptions {
  adminToken: AdminTokenHolder
  /** The live web session a cookie value holds (its id), or null. */
  checkSession(cookieValue: string): string | null
}

/**
 * The admin API answers only the local admin token (`<data-dir>/admin-token`), never an API key: a
 * tool holding a team key cannot mint keys or read settings. In web mode the browser holds a session
 * cookie instead (see api/web): a server-side session opened with the token, never the token itself.
 */
export function installAdminAuth(app: FastifyInstance, opts: AdminAuthOptions): void {
  app.decorateRequest('webSessionId', null)
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req.headers.authorization)
    if (!token) {
      const cookie = readCookie(req.headers.cookie, SESSION_COOKIE)
      if (cookie === undefined) {
        throw unauthorized('The admin API needs the local admin token: send "Authorization: Bearer <token>" (the token is in the data dir, file admin-token).', 'missing_admin_token')
      }
      const sessionId = notFromOwnPages(req) ? null : opts.checkSession(cookie)
      if (sessionId === null) {
        throw unauthorized('The web session is not valid here (signed out, expired, ended by a new admin token, or sent without the web client header). Open the login URL that `npm run serve` prints.', 'invalid_web_session')
      }
      req.webSessionId = sessionId
      return
    }
    if (!opts.adminToken.matches(token)) {
      throw unauthorized('That is not this gateway\'s admin token. API keys are not accepted here; use the token in the data dir (file admin-token).', 'invalid_admin_token')
    }
  })
}
