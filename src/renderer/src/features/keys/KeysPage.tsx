import { useEffect, useMemo, useState } from 'react'
import { Button } from '../../components/Button'
import { PageHeader } from '../../components/PageHeader'
import { EmptyState, ErrorBanner, SkeletonRows } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import { KeyRowView } from './KeyRowView'
import { NewKeyDialog } from './NewKeyDialog'
import { OAuthClientsSection } from './OAuthClientsSection'
import { RevealedKeyDialog } from './RevealedKeyDialog'

/** Team and user API keys, and OAuth clients: list with hints and status, create, rotate, revoke. A key or secret is shown once. */
export default function KeysPage() {
  const keys = useAppStore((s) => s.keys)
  const teams = useAppStore((s) => s.catalog.teams)
  const users = useAppStore((s) => s.catalog.users)
  const revealed = useAppStore((s) => s.revealedKey)
  const loadKeys = useAppStore((s) => s.loadKeys)
  const [creating, setCreating] = useState(false)
  const [showInactive, setShowInactive] = useState(false)
  useEffect(() => void loadKeys(), [loadKeys])

  const owner = useMemo(() => {
    const team = new Map(teams.map((t) => [t.id, t.name]))
    const user = new Map(users.map((u) => [u.id, u.name]))
    return (k: { team_id: string | null; user_id: string | null }) => (k.user_id ? `user ${user.get(k.user_id) ?? k.user_id}` : `team ${team.get(k.team_id ?? '') ?? k.team_id}`)
  }, [teams, users])
  const list = keys.list.filter((k) => showInactive || k.status === 'active' || k.status === 'deprecated')
  const hidden = keys.list.length - list.length

  return (
    <div className="page-inner">
      <PageHeader
        title="Keys"
        description="API keys for /v1. Each is shown once, when created or rotated; the gateway keeps only a hash."
        actions={<Button variant="primary" icon="plus" onClick={() => setCreating(true)}>New key</Button>}
      />
      {keys.status === 'error' && <ErrorBanner onRetry={() => void loadKeys()}>{keys.error}</ErrorBanner>}
      {keys.status === 'loading' || keys.status === 'idle' ? (
        <SkeletonRows rows={5} label="Loading keys" />
      ) : keys.list.length === 0 && keys.status === 'ready' ? (
        <EmptyState icon="keys" title="No keys yet" action={<Button variant="primary" onClick={() => setCreating(true)}>Create a key</Button>}>
          Tools on this machine call the gateway with a team or user key.
        </EmptyState>
      ) : (
        <>
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Keys table">
            <table className="table table-cards">
              <thead>
                <tr><th scope="col">Key</th><th scope="col">Name</th><th scope="col">Owner</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
              </thead>
              <tbody>
                {list.map((k) => <KeyRowView key={k.id} k={k} owner={owner(k)} />)}
              </tbody>
            </table>
          </div>
          {hidden > 0 || showInactive ? (
            <label className="checkbox muted">
              <input type="checkbox" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} /> Show revoked and expired keys ({keys.list.filter((k) => k.status === 'revoked' || k.status === 'expired').length})
            </label>
          ) : null}
        </>
      )}
      <OAuthClientsSection owner={owner} />
      {creating && <NewKeyDialog onClose={() => setCreating(false)} />}
      {revealed && <RevealedKeyDialog />}
    </div>
  )
}
