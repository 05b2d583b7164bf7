import type { FastifyInstance, FastifyRequest } from 'fastify'
import { unauthorized } from '../../shared/errors'
import { SESSION_COOKIE, WEB_CLIENT_HEADER } from '../../shared/web'
import { bearerToken, constantTimeEqual } from '../security/credentials'
import { isValidSessionValue, readCookie } from '../security/web-session'

/** A cookie is honoured only from the gateway's own pages: same-origin (or no Origin) and the web client's header. */
function isSameOriginWebCall(req: FastifyRequest): boolean {
  if (req.headers[WEB_CLIENT_HEADER] !== '1') return false
  const origin = req.headers.origin
  if (origin === undefined) return true
  try {
    return new URL(origin).host.toLowerCase() === (req.headers.host ?? '').toLowerCase()
  } catch {
    return false
  }
}

/**
 * The admin API answers only the local admin token (`<data-dir>/admin-token`), never an API key: a
 * tool holding a team key cannot mint keys or read settings. In web mode the browser holds a session
 * cookie instead (see api/web): an HMAC keyed with the token, never the token itself.
 */
export function installAdminAuth(app: FastifyInstance, adminToken: string, now: () => number = Date.now): void {
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req.headers.authorization)
    if (!token) {
      const session = readCookie(req.headers.cookie, SESSION_COOKIE)
      if (session && isSameOriginWebCall(req) && isValidSessionValue(session, adminToken, now())) return
      if (session) {
        throw unauthorized('The web session is not valid here (expired, from another gateway, or sent without the web client header). Open the login URL that `npm run serve` prints.', 'invalid_web_session')
      }
      throw unauthorized('The admin API needs the local admin token: send "Authorization: Bearer <token>" (the token is in the data dir, file admin-token).', 'missing_admin_token')
    }
    if (!constantTimeEqual(token, adminToken)) {
      throw unauthorized('That is not this gateway\'s admin token. API keys are not accepted here; use the token in the data dir (file admin-token).', 'invalid_admin_token')
    }
  })
}
