import { Button } from '../../components/Button'
import { CopyButton } from '../../components/CopyButton'
import { Dialog } from '../../components/Dialog'
import { useAppStore } from '../../stores/app-store'
import { ShownOnceBanner } from './ShownOnceBanner'

/** The one time a key is shown: copy it now, it cannot be read again. */
export function RevealedKeyDialog() {
  const revealed = useAppStore((s) => s.revealedKey)!
  const dismiss = useAppStore((s) => s.dismissRevealedKey)
  const { issued, action } = revealed
  return (
    <Dialog title={action === 'created' ? 'Your new key' : 'Key rotated'} dismissible={false} onClose={dismiss} footer={<Button variant="primary" onClick={dismiss}>I have copied it</Button>}>
      <ShownOnceBanner what="this key" />
      <div className="copy-row key-reveal">
        <code data-testid="revealed-key">{issued.key}</code>
        <CopyButton text={issued.key} label="Copy the key" showText variant="primary" />
      </div>
      {action === 'rotated' && <p className="muted small">The old key keeps working during the grace period, answering with Deprecation and Sunset headers.</p>}
    </Dialog>
  )
}
