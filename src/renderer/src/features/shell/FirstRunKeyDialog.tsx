import { useEffect, useState } from 'react'
import { takeFirstRunKey } from '../../api/connection'
import { Button } from '../../components/Button'
import { CopyButton } from '../../components/CopyButton'
import { Dialog } from '../../components/Dialog'
import { Icon } from '../../components/Icon'

/**
 * In the desktop app nobody sees `serve`'s console, so the key the gateway created on its first start is
 * shown here, once (the main process forgets it as soon as it is taken).
 */
export function FirstRunKeyDialog() {
  const [first, setFirst] = useState<{ teamName: string; key: string } | null>(null)
  useEffect(() => {
    takeFirstRunKey().then(setFirst, () => undefined)
  }, [])
  if (!first) return null
  return (
    <Dialog title="Your first API key" dismissible={false} onClose={() => setFirst(null)} footer={<Button variant="primary" onClick={() => setFirst(null)}>I have copied it</Button>}>
      <p>Gatehouse created a key for team <strong>{first.teamName}</strong>. Tools on this machine call the gateway with it.</p>
      <div className="banner banner-warning" role="note">
        <Icon name="warning" />
        <div className="banner-text">It is shown this once and cannot be read again. New keys can be created on the Keys page.</div>
      </div>
      <div className="copy-row key-reveal">
        <code>{first.key}</code>
        <CopyButton text={first.key} label="Copy the key" showText variant="primary" />
      </div>
    </Dialog>
  )
}
