import { useState } from 'react'
import { Button } from '../../components/Button'
import { Dialog, DialogCancel } from '../../components/Dialog'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import { useRequest } from '../../lib/use-request'
import { useAppStore } from '../../stores/app-store'
import { OwnerPicker, useOwnerId, type OwnerKind } from './OwnerPicker'

/** Create a team key (the team's settings) or a user key (its team's settings, per person). */
export function NewKeyDialog({ onClose }: { onClose: () => void }) {
  const createKey = useAppStore((s) => s.createKey)
  const [kind, setKind] = useState<OwnerKind>('team')
  const [owner, setOwner] = useState('')
  const [name, setName] = useState('')
  const [expires, setExpires] = useState('')
  const request = useRequest()
  const ownerId = useOwnerId(kind, owner)
  const submit = () =>
    request.run(async () => {
      const expiresAt = expires ? Math.floor(new Date(`${expires}T23:59:59`).getTime() / 1000) : null
      await createKey({ ...(kind === 'team' ? { team_id: ownerId } : { user_id: ownerId }), name: name.trim() || null, expires_at: expiresAt })
      onClose()
    })
  return (
    <Dialog
      title="New API key"
      dirty={!!(name.trim() || expires)}
      onClose={onClose}
      footer={<><DialogCancel /><Button variant="primary" disabled={!ownerId || request.busy} onClick={() => void submit()}>{request.busy ? 'Creating…' : 'Create key'}</Button></>}
    >
      <OwnerPicker kind={kind} owner={owner} labels={{ team: 'Team key', user: 'User key' }} onKind={setKind} onOwner={setOwner} />
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
