import { useEffect, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { EmptyState, ErrorBanner, SkeletonRows } from '../../components/States'
import { formatDate, formatRelative } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { NewOAuthClientDialog } from './NewOAuthClientDialog'
import { RevealedClientSecretDialog } from './RevealedClientSecretDialog'

const lifetime = (seconds: number) => (seconds % 3600 === 0 ? `${seconds / 3600} h` : `${Math.round(seconds / 60)} min`)

/** OAuth clients (client credentials): each trades its id and secret for short-lived tokens at /oauth/token. */
export function OAuthClientsSection({ owner }: { owner: (k: { team_id: string | null; user_id: string | null }) => string }) {
  const clients = useAppStore((s) => s.oauthClients)
  const revealed = useAppStore((s) => s.revealedClient)
  const load = useAppStore((s) => s.loadOAuthClients)
  const rotate = useAppStore((s) => s.rotateOAuthClient)
  const revoke = useAppStore((s) => s.revokeOAuthClient)
  const notify = useAppStore((s) => s.notify)
  const [creating, setCreating] = useState(false)
  useEffect(() => void load(), [load])

  return (
    <section className="settings-section" aria-labelledby="oauth-clients-title">
      <div className="section-head">
        <h2 className="section-title" id="oauth-clients-title">OAuth clients</h2>
        <Button icon="plus" size="sm" onClick={() => setCreating(true)}>New OAuth client</Button>
      </div>
      <p className="muted">
        For tools that speak OAuth 2.0: a client trades its id and secret at <code>POST /oauth/token</code> for a token that lasts an hour and acts as its key, within its scopes.
      </p>
      {clients.status === 'error' && <ErrorBanner onRetry={() => void load()}>{clients.error}</ErrorBanner>}
      {clients.status === 'loading' || clients.status === 'idle' ? (
        <SkeletonRows rows={2} label="Loading OAuth clients" />
      ) : clients.list.length === 0 ? (
        <EmptyState icon="keys" title="No OAuth clients yet" />
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="OAuth clients table">
          <table className="table">
            <thead>
              <tr><th scope="col">Client id</th><th scope="col">Name</th><th scope="col">Owner</th><th scope="col">Scopes</th><th scope="col">Tokens last</th><th scope="col">Status</th><th scope="col">Last used</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
            </thead>
            <tbody>
              {clients.list.map((c) => {
                const label = c.name ?? c.client_id
                return (
                  <tr key={c.client_id}>
                    <td><code>{c.client_id}</code></td>
                    <td>{c.name ?? <span className="muted">—</span>}</td>
                    <td>{owner(c)}</td>
                    <td>{c.scopes.join(' ')}</td>
                    <td>{lifetime(c.token_ttl_seconds)}</td>
                    <td><Badge tone={c.status === 'active' ? 'ok' : 'danger'}>{c.status}</Badge></td>
                    <td className="muted">{c.last_used_at ? formatRelative(c.last_used_at) : `created ${formatDate(c.created_at)}`}</td>
                    <td className="row-actions">
                      {c.status === 'active' && (
                        <>
                          <Button size="sm" aria-label={`Rotate the secret of ${label}`} onClick={() => rotate(c.client_id).catch((e: unknown) => notify(messageOf(e), 'error'))}>Rotate secret</Button>
                          <ConfirmButton size="sm" variant="ghost" confirmLabel="Confirm revoke" aria-label={`Revoke ${label}`} onConfirm={() => revoke(c.client_id).then(() => notify('OAuth client revoked', 'success'), (e: unknown) => notify(messageOf(e), 'error'))}>
                            Revoke
                          </ConfirmButton>
                        </>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {creating && <NewOAuthClientDialog onClose={() => setCreating(false)} />}
      {revealed && <RevealedClientSecretDialog />}
    </section>
  )
}
