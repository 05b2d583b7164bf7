import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Button } from './Button'

/** The last control outside any dialog that opened one: where focus goes back when a dialog's own opener is gone. */
let openerOutsideDialogs: HTMLElement | null = null

const FIRST_FIELD = 'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)'

/** Asks to close the dialog it sits in: a dialog with unsaved input asks first. */
const RequestClose = createContext<() => void>(() => undefined)

/** The "Cancel" of a dialog's footer: closes it, or asks first when something typed would be lost. */
export function DialogCancel({ label = 'Cancel' }: { label?: string }) {
  const requestClose = useContext(RequestClose)
  return <Button variant="ghost" onClick={requestClose}>{label}</Button>
}

/**
 * A modal dialog on the native <dialog>: focus is trapped and starts on the first field, Esc closes it
 * (unless it must be answered), and focus returns to what opened it. With `dirty` (something typed that
 * closing would lose), Esc, the close button and DialogCancel ask before discarding. Rendered only while open.
 */
export function Dialog({ title, onClose, children, footer, wide = false, dismissible = true, dirty = false }: {
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  wide?: boolean
  /** False for a dialog that must be answered (a key shown once): Esc and a close button do not end it, only its footer does. */
  dismissible?: boolean
  /** True while the form holds input that closing would throw away. */
  dirty?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [confirming, setConfirming] = useState(false)
  useEffect(() => {
    const dialog = ref.current!
    const opener = document.activeElement as HTMLElement | null
    if (opener && !opener.closest('dialog')) openerOutsideDialogs = opener
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    // The first field, not the close button; without fields, the footer's last (main) action.
    const first = dialog.querySelector<HTMLElement>(`.dialog-body :is(${FIRST_FIELD})`) ?? dialog.querySelector<HTMLElement>('.dialog-footer button:last-of-type:not(:disabled)')
    first?.focus()
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      // A dialog opened from another (the key shown once after "Create key") returns focus to what opened the first.
      const back = opener?.isConnected ? opener : openerOutsideDialogs?.isConnected ? openerOutsideDialogs : document.getElementById('main')
      back?.focus?.()
    }
  }, [])
  useEffect(() => {
    if (confirming) ref.current?.querySelector<HTMLButtonElement>('.dialog-confirm button')?.focus()
  }, [confirming])
  const requestClose = () => (dirty ? setConfirming(true) : onClose())
  return (
    <dialog
      ref={ref}
      className={`dialog${wide ? ' dialog-wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        if (!dismissible) return
        if (confirming) setConfirming(false)
        else requestClose()
      }}
    >
      <RequestClose.Provider value={requestClose}>
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          {dismissible && <Button variant="ghost" size="sm" icon="close" aria-label="Close" onClick={requestClose} />}
        </header>
        <div className="dialog-body">{children}</div>
        {confirming ? (
          <footer className="dialog-footer dialog-confirm" role="group" aria-label="Discard changes?">
            <span className="dialog-confirm-text">Discard what you typed?</span>
            <Button variant="ghost" onClick={() => setConfirming(false)}>Keep editing</Button>
            <Button variant="danger" onClick={onClose}>Discard</Button>
          </footer>
        ) : (
          footer && <footer className="dialog-footer">{footer}</footer>
        )}
      </RequestClose.Provider>
    </dialog>
  )
}
