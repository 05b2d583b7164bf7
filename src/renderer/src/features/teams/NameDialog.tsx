import { useState } from 'react'
import { Button } from '../../components/Button'
import { Dialog, DialogCancel } from '../../components/Dialog'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import { useRequest } from '../../lib/use-request'

/** Asks for a name (a new team's or user's, or a new name for one) and saves it. */
export function NameDialog({ title, label, initial = '', saveLabel, onSave, onClose, children }: {
  title: string
  label: string
  initial?: string
  saveLabel: string
  onSave: (name: string) => Promise<void>
  onClose: () => void
  children?: React.ReactNode
}) {
  const [name, setName] = useState(initial)
  const request = useRequest()
  const save = () =>
    request.run(async () => {
      await onSave(name.trim())
      onClose()
    })
  return (
    <Dialog title={title} dirty={name.trim() !== initial} onClose={onClose} footer={<><DialogCancel /><Button variant="primary" disabled={!name.trim() || request.busy} onClick={() => void save()}>{request.busy ? 'Saving…' : saveLabel}</Button></>}>
      <Field label={label}>
        {(control) => <input {...control} className="input" value={name} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && name.trim() && void save()} />}
      </Field>
      {children}
      {request.error && <ErrorBanner>{request.error}</ErrorBanner>}
    </Dialog>
  )
}
