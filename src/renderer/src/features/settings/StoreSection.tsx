import { useEffect, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { ErrorBanner } from '../../components/States'
import { formatRelative } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import type { ClusterStatus } from '../../../../shared/cluster-wire'

const storeText = (store: ClusterStatus['store']) =>
  store.engine === 'sqlite' ? `SQLite, ${store.path}` : `PostgreSQL, ${store.user ? `${store.user}@` : ''}${store.host}:${store.port}/${store.database}`

/** Which store this gateway keeps its state in (never a password) and the gateways serving from it. */
export function StoreSection() {
  const api = useAppStore((s) => s.clusterApi)
  const [status, setStatus] = useState<ClusterStatus>()
  const [error, setError] = useState<string>()
  const load = () => api.cluster().then(setStatus, (e: unknown) => setError(messageOf(e)))
  useEffect(() => void api.cluster().then(setStatus, (e: unknown) => setError(messageOf(e))), [api])

  return (
    <section className="settings-section" aria-labelledby="store-title">
      <h2 className="section-title" id="store-title">Store and instances</h2>
      {error && <ErrorBanner onRetry={() => (setError(undefined), void load())}>{error}</ErrorBanner>}
      {status && (
        <>
          <p>
            State is kept in <strong>{storeText(status.store)}</strong>
            {status.shared ? ', shared by every gateway listed below.' : ', owned by this gateway alone.'}
          </p>
          <ul className="session-list" aria-label="Live instances">
            {status.instances.map((i) => (
              <li key={i.id}>
                <span>
                  <code>{i.id}</code> on {i.host}
                  {i.pid ? ` (pid ${i.pid})` : ''}, version {i.version}
                  {i.id === status.instance_id && <strong> (this one)</strong>}
                  <span className="muted small">
                    {' '}
                    {i.url ?? ''} started {formatRelative(i.started_at / 1000)}
                    {status.shared ? `, last heartbeat ${formatRelative(i.heartbeat_at / 1000)}` : ''}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
