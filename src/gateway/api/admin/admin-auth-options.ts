import type { AdminAuthOptions } from '../../http/admin-auth'
import type { AdminTokenHolder } from '../../security/admin-token'
import type { WebSessions } from '../../services/auth/web-sessions'

/** What every admin route group checks: the live admin token, or a live web session of this gateway. */
export const adminAuthOptions = (o: { adminToken: AdminTokenHolder; webSessions: WebSessions }): AdminAuthOptions => ({
  adminToken: o.adminToken,
  checkSession: (cookie) => o.webSessions.check(cookie),
})
