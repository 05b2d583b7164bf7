import { useState } from 'react'
import { OAUTH_SCOPES, type OAuthScope } from '../../../../shared/admin-wire'
import { Button } from '../../components/Button'
import { Dialog, DialogCancel } from '../../components/Dialog'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import { useRequest } from '../../lib/use-request'
import { useAppStore } from '../../stores/app-store'
import { OwnerPicker, useOwnerId, type OwnerKind } from './OwnerPicker'

const SCOPE_TEXT: Record<OAuthScope, string> = { chat: 'chat completions, embeddings and batches', messages: '/v1/messages', files: 'files', audio: 'speech and transcription' }
const LIFETIMES = [[900, '15 minutes'], [3600, '1 hour'], [14_400, '4 hours'], [86_400, '1 day']] as const

/** Create an OAuth client for a team (its settings) or a user (its team's settings, per person). */
export function NewOAuthClientDialog({ onClose }: { onClose: () => void }) {
  const create = useAppStore((s) => s.createOAuthClient)
  const [kind, setKind] = useState<OwnerKind>('team')
  const [owner, setOwner] = useState('')
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<OAuthScope[]>([...OAUTH_SCOPES])
  const [ttl, setTtl] = useState(3600)
  const request = useRequest()
  const ownerId = useOwnerId(kind, owner)
  const toggle = (s: OAuthScope) => setScopes((now) => (now.includes(s) ? now.filter((x) => x !== s) : OAUTH_SCOPES.filter((x) => x === s || now.includes(x))))
  const submit = () =>
    request.run(async () => {
      await create({ ...(kind === 'team' ? { team_id: ownerId } : { user_id: ownerId }), name: name.trim() || null, scopes, token_ttl_seconds: ttl })
      onClose()
    })
  return (
    <Dialog
      title="New OAuth client"
      dirty={!!name.trim()}
      onClose={onClose}
      footer={<><DialogCancel /><Button variant="primary" disabled={!ownerId || scopes.length === 0 || request.busy} onClick={() => void submit()}>{request.busy ? 'Creating…' : 'Create client'}</Button></>}
    >
      <OwnerPicker kind={kind} owner={owner} labels={{ team: 'For a team', user: 'For a user' }} onKind={setKind} onOwner={setOwner} />
      <Field label="Name" hint="optional, to recognise it in the list">
        {(control) => <input {...control} className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. nightly jobs" />}
      </Field>
      <fieldset className="checkbox-group">
        <legend className="field-label">Scopes: what its tokens may call</legend>
        {OAUTH_SCOPES.map((s) => (
          <label key={s} className="checkbox">
            <input type="checkbox" checked={scopes.includes(s)} onChange={() => toggle(s)} /> <code>{s}</code> <span className="muted">{SCOPE_TEXT[s]}</span>
          </label>
        ))}
      </fieldset>
      <Field label="Tokens last">
        {(control) => (
          <select {...control} className="input" value={ttl} onChange={(e) => setTtl(Number(e.target.value))}>
            {LIFETIMES.map(([seconds, text]) => <option key={seconds} value={seconds}>{text}</option>)}
          </select>
        )}
      </Field>
      {request.error && <ErrorBanner>{request.error}</ErrorBanner>}
    </Dialog>
  )
}
