import { useEffect } from 'react'
import { describeBrowser } from '../../lib/describe-browser'
import { ConfirmButton } from '../../components/ConfirmButton'
import { ErrorBanner } from '../../components/States'
import { formatRelative } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'

/** The browsers signed in to web mode: each can be signed out, or all at once (this one's too). */
export function WebSessionsSection() {
  const sessions = useAppStore((s) => s.webSessions)
  const load = useAppStore((s) => s.loadWebSessions)
  const endOne = useAppStore((s) => s.endWebSession)
  const endAll = useAppStore((s) => s.signOutEverywhere)
  const mode = useAppStore((s) => s.mode)
  useEffect(() => void load(), [load])

  return (
    <section className="settings-section" aria-labelledby="web-sessions-title">
      <h2 className="section-title" id="web-sessions-title">Browser sessions</h2>
      <p className="muted">Browsers signed in to this gateway's web interface. Signing one out ends its session for good; a new admin token ends them all.</p>
      {sessions.status === 'error' && <ErrorBanner onRetry={() => void load()}>{sessions.error}</ErrorBanner>}
      {sessions.status === 'ready' && sessions.list.length === 0 ? (
        <p className="muted">No browser is signed in.</p>
      ) : (
        <ul className="session-list" aria-label="Browser sessions">
          {sessions.list.map((w) => (
            <li key={w.id}>
              <span title={w.user_agent ?? undefined}>
                {describeBrowser(w.user_agent)}
                {w.current && <strong> (this browser)</strong>}
                <span className="muted small"> signed in {formatRelative(w.created_at)}, last seen {formatRelative(w.last_seen_at)}</span>
              </span>
              {!w.current && (
                <ConfirmButton size="sm" variant="ghost" confirmLabel="Confirm sign out" aria-label={`Sign out ${describeBrowser(w.user_agent)}`} onConfirm={() => void endOne(w.id)}>
                  Sign out
                </ConfirmButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.list.length > 0 && (
        <ConfirmButton size="sm" icon="logout" confirmLabel={mode === 'web' ? 'Confirm: sign out every browser, this one too' : 'Confirm: sign out every browser'} onConfirm={() => void endAll()}>
          Sign out everywhere
        </ConfirmButton>
      )}
    </section>
  )
}
