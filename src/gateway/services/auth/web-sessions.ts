import type { WebSessionInfo } from '../../../shared/admin-wire'
import { notFound } from '../../../shared/errors'
import type { Clock, IdGenerator } from '../../kernel/runtime'
import type { AdminTokenHolder } from '../../security/admin-token'
import { adminTokenMark, newSessionValue, SESSION_MAX_AGE_SECONDS, sessionSecretHash } from '../../security/web-session'
import type { WebSessionRow } from '../../store/repos/web-sessions-repo'
import type { Store } from '../../store/store'
import { seconds } from '../admin/admin-rules'
import { lastUseWriter } from './touch-due'

/**
 * Browser sessions of web mode, kept server-side: a cookie is a random id whose hash is a row, so a
 * session can be listed, ended one by one or all at once, and ends for good when its browser signs
 * out. A session belongs to the admin token it was opened under: a new token ends them all.
 */
export function createWebSessions({ store, clock, ids, adminToken }: { store: Store; clock: Clock; ids: IdGenerator; adminToken: AdminTokenHolder }) {
  const mark = () => adminTokenMark(adminToken.current())
  const touch = lastUseWriter()
  // Runs from a file watcher, where a throw would end the process: sessions of an old token never match
  // its mark (see find), so rows a full disk or a locked database kept are only clutter the next change removes.
  adminToken.onChange(() => {
    try {
      store.webSessions.deleteStale(mark(), clock.now())
    } catch {
      // kept for the next change
    }
  })

  function find(cookieValue: string | undefined): WebSessionRow | null {
    const hash = cookieValue === undefined ? null : sessionSecretHash(cookieValue)
    const row = hash === null ? undefined : store.webSessions.getBySecretHash(hash)
    if (!row || row.expiresAt <= clock.now() || adminToken.current() === '' || row.tokenMark !== mark()) return null
    return row
  }

  return {
    /** Opens a session for a browser that presented the admin token; returns the cookie value. */
    start(userAgent: string | undefined): string {
      const value = newSessionValue()
      const now = clock.now()
      store.webSessions.insert({
        id: ids.uuid(),
        secretHash: sessionSecretHash(value)!,
        tokenMark: mark(),
        userAgent: userAgent?.slice(0, 300) ?? null,
        createdAt: now,
        expiresAt: now + SESSION_MAX_AGE_SECONDS * 1000,
        lastSeenAt: now,
      })
      return value
    },
    /** The session a cookie holds, if it is live; its id. */
    check(cookieValue: string | undefined): string | null {
      const row = find(cookieValue)
      if (!row) return null
      const now = clock.now()
      touch(row.lastSeenAt, now, () => store.webSessions.touch(row.id, now))
      return row.id
    },
    /** Signs a browser out: its cookie never works again. */
    end(cookieValue: string | undefined): void {
      const row = find(cookieValue)
      if (row) store.webSessions.delete(row.id)
    },
    endOne(id: string): void {
      if (!store.webSessions.delete(id)) throw notFound(`No web session with id "${id}".`, 'web_session_not_found', 'id')
    },
    /** Signs every browser out; returns how many sessions ended. */
    endAll(): number {
      return store.webSessions.deleteAll(mark(), clock.now())
    },
    list(currentId: string | null): WebSessionInfo[] {
      return store.webSessions.list(mark(), clock.now()).map((s) => ({
        id: s.id,
        user_agent: s.userAgent,
        created_at: seconds(s.createdAt),
        last_seen_at: seconds(s.lastSeenAt),
        expires_at: seconds(s.expiresAt),
        current: s.id === currentId,
      }))
    },
  }
}

export type WebSessions = ReturnType<typeof createWebSessions>
