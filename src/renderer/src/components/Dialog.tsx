import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Button } from './Button'

/**
 * A modal dialog on the native <dialog>: focus is trapped, Esc closes it (unless it must be answered),
 * and focus returns to what opened it. Rendered only while open.
 */
export function Dialog({ title, onClose, children, footer, wide = false, dismissible = true }: {
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  wide?: boolean
  /** False for a dialog that must be answered (a key shown once): Esc and a close button do not end it, only its footer does. */
  dismissible?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current!
    const opener = document.activeElement as HTMLElement | null
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      opener?.focus?.()
    }
  }, [])
  return (
    <dialog
      ref={ref}
      className={`dialog${wide ? ' dialog-wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        if (dismissible) onClose()
      }}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        {dismissible && <Button variant="ghost" size="sm" icon="close" aria-label="Close" onClick={onClose} />}
      </header>
      <div className="dialog-body">{children}</div>
      {footer && <footer className="dialog-footer">{footer}</footer>}
    </dialog>
  )
}
