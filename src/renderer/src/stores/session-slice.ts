import { ApiError, messageOf } from '../api/api-error'
import type { GatewayHealth, GatewayStatus, WebSessionInfo } from '../../../shared/admin-wire'
import { idleList, listLoader, type ListState } from './list-state'
import type { SliceCreator } from './store-types'

export type AuthState = 'checking' | 'signed-in' | 'needs-login' | 'unreachable'

export interface SessionSlice {
  auth: AuthState
  mode: 'desktop' | 'web'
  gatewayUrl: string
  status: GatewayStatus | null
  statusError: string | null
  /** The last `/health` answer: `degraded` (with its problems) while part of the gateway cannot work; null before the first. */
  health: GatewayHealth | null
  /** First contact: is the gateway there, and does it let us in? */
  checkSession(): Promise<void>
  refreshStatus(): Promise<void>
  /** The heartbeat: `GET /health`; a gateway that stopped answering shows at once, one that is back is read again. */
  checkHealth(): Promise<void>
  /** Web mode: trades the admin token for the session cookie. Resolves to an error message, or null. */
  signIn(token: string): Promise<string | null>
  signOut(): Promise<void>
  /** The browsers signed in to web mode (Settings). */
  webSessions: ListState<WebSessionInfo>
  loadWebSessions(): Promise<void>
  endWebSession(id: string): Promise<void>
  /** Ends every browser session; in web mode this one's too, so it asks for a sign-in again. */
  signOutEverywhere(): Promise<void>
}

/** The gateway's state, always in view: where it is, whether we are signed in, credits and counts. */
export const createSessionSlice: SliceCreator<SessionSlice> = ({ api }) => (set, get) => ({
  auth: 'checking',
  mode: api.connection.mode,
  gatewayUrl: api.connection.baseUrl,
  status: null,
  statusError: null,
  health: null,
  async checkSession() {
    try {
      const status = await api.status()
      set({ auth: 'signed-in', status, statusError: null })
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) set({ auth: 'needs-login', statusError: null })
      else set({ auth: 'unreachable', statusError: messageOf(e) })
    }
  },
  async refreshStatus() {
    try {
      set({ status: await api.status(), statusError: null })
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) set({ auth: 'needs-login' })
      else set({ statusError: messageOf(e) })
    }
  },
  async checkHealth() {
    try {
      set({ health: await api.health() })
      if (get().statusError) await get().refreshStatus()
    } catch (e) {
      set({ statusError: messageOf(e) })
    }
  },
  async signIn(token) {
    try {
      await api.signIn(token.trim())
    } catch (e) {
      return e instanceof ApiError && e.status === 401 ? 'That is not this gateway\'s admin token.' : messageOf(e)
    }
    await get().checkSession()
    return get().auth === 'signed-in' ? null : 'Signed in, but the gateway still refuses the session. Is a cookie blocker on?'
  },
  async signOut() {
    await api.signOut().catch(() => undefined)
    set({ auth: 'needs-login', status: null })
  },
  webSessions: idleList(),
  loadWebSessions: listLoader(() => get().webSessions, (p) => set((s) => ({ webSessions: { ...s.webSessions, ...p } })), () => api.webSessions()),
  async endWebSession(id) {
    await api.endWebSession(id)
    await get().loadWebSessions()
  },
  async signOutEverywhere() {
    await api.signOutEverywhere()
    if (api.connection.mode === 'web') set({ auth: 'needs-login', status: null, webSessions: idleList() })
    else await get().loadWebSessions()
  },
})
