import { Button } from '../../components/Button'
import { CopyButton } from '../../components/CopyButton'
import { Dialog } from '../../components/Dialog'
import { useAppStore } from '../../stores/app-store'
import { ShownOnceBanner } from './ShownOnceBanner'

/** The one time a client secret is shown: copy it now, it cannot be read again. */
export function RevealedClientSecretDialog() {
  const { issued, action } = useAppStore((s) => s.revealedClient)!
  const dismiss = useAppStore((s) => s.dismissRevealedClient)
  return (
    <Dialog title={action === 'created' ? 'Your new OAuth client' : 'Client secret rotated'} dismissible={false} onClose={dismiss} footer={<Button variant="primary" onClick={dismiss}>I have copied it</Button>}>
      <ShownOnceBanner what="the secret" />
      <p className="field-label">Client id</p>
      <div className="copy-row key-reveal">
        <code data-testid="revealed-client-id">{issued.client_id}</code>
        <CopyButton text={issued.client_id} label="Copy the client id" />
      </div>
      <p className="field-label">Client secret</p>
      <div className="copy-row key-reveal">
        <code data-testid="revealed-client-secret">{issued.client_secret}</code>
        <CopyButton text={issued.client_secret} label="Copy the client secret" showText variant="primary" />
      </div>
      {action === 'rotated' && <p className="muted small">The old secret, and every token it got, stopped working.</p>}
    </Dialog>
  )
}
