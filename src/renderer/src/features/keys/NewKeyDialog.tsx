import { useState } from 'react'
import { Button } from '../../components/Button'
import { Dialog } from '../../components/Dialog'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import { useRequest } from '../../lib/use-request'
import { useAppStore } from '../../stores/app-store'

/** Create a team key (the team's settings) or a user key (its team's settings, per person). */
export function NewKeyDialog({ onClose }: { onClose: () => void }) {
  const teams = useAppStore((s) => s.catalog.teams)
  const users = useAppStore((s) => s.catalog.users)
  const createKey = useAppStore((s) => s.createKey)
  const [kind, setKind] = useState<'team' | 'user'>('team')
  const [owner, setOwner] = useState('')
  const [name, setName] = useState('')
  const [expires, setExpires] = useState('')
  const request = useRequest()
  const choices = kind === 'team' ? teams.map((t) => ({ id: t.id, label: t.name })) : users.map((u) => ({ id: u.id, label: `${u.name} (${teams.find((t) => t.id === u.team_id)?.name ?? 'team'})` }))
  const ownerId = owner || choices[0]?.id || ''
  const submit = () =>
    request.run(async () => {
      const expiresAt = expires ? Math.floor(new Date(`${expires}T23:59:59`).getTime() / 1000) : null
      await createKey({ ...(kind === 'team' ? { team_id: ownerId } : { user_id: ownerId }), name: name.trim() || null, expires_at: expiresAt })
      onClose()
    })
  return (
    <Dialog
      title="New API key"
      onClose={onClose}
      footer={<><Button variant="ghost" onClick={onClose}>Cancel</Button><Button variant="primary" disabled={!ownerId || request.busy} onClick={() => void submit()}>{request.busy ? 'Creating…' : 'Create key'}</Button></>}
    >
      <fieldset className="segmented">
        <legend className="field-label">Kind</legend>
        {(['team', 'user'] as const).map((k) => (
          <label key={k} className={`segment${kind === k ? ' segment-on' : ''}`}>
            <input type="radio" name="key-kind" checked={kind === k} onChange={() => (setKind(k), setOwner(''))} /> {k === 'team' ? 'Team key' : 'User key'}
          </label>
        ))}
      </fieldset>
      <Field label={kind === 'team' ? 'Team' : 'User'} hint={kind === 'user' ? 'A user key takes its team’s enabled models and fallbacks.' : undefined} error={choices.length ? undefined : `There is no ${kind} yet.`}>
        {(control) => (
          <select {...control} className="input" value={ownerId} onChange={(e) => setOwner(e.target.value)}>
            {choices.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
          </select>
        )}
      </Field>
      <Field label="Name" hint="optional, to recognise it in the list">
        {(control) => <input {...control} className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. laptop scripts" />}
      </Field>
      <Field label="Expires" hint="optional; the key stops working after this day">
        {(control) => <input {...control} className="input" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />}
      </Field>
      {request.error && <ErrorBanner>{request.error}</ErrorBanner>}
    </Dialog>
  )
}
