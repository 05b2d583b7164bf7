import type { FastifyInstance } from 'fastify'
import { unauthorized } from '../../shared/errors'
import { tokensEqual } from '../security/admin-token'

/**
 * The admin API answers only the local admin token (`<data-dir>/admin-token`), never an API key: a
 * tool holding a team key cannot mint keys or read settings.
 */
export function installAdminAuth(app: FastifyInstance, adminToken: string): void {
  app.addHook('onRequest', async (req) => {
    const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')
    const token = m?.[1]?.trim()
    if (!token) {
      throw unauthorized('The admin API needs the local admin token: send "Authorization: Bearer <token>" (the token is in the data dir, file admin-token).', 'missing_admin_token')
    }
    if (!tokensEqual(token, adminToken)) {
      throw unauthorized('That is not this gateway\'s admin token. API keys are not accepted here; use the token in the data dir (file admin-token).', 'invalid_admin_token')
    }
  })
}
