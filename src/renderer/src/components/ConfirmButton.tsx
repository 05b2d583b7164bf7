import { useEffect, useState } from 'react'
import { Button, type ButtonProps } from './Button'

/** A destructive button that asks once more in place ("Revoke" -> "Confirm revoke") instead of a modal. */
export function ConfirmButton({ onConfirm, confirmLabel, children, ...rest }: { onConfirm: () => void; confirmLabel: string } & Omit<ButtonProps, 'onClick'>) {
  const [armed, setArmed] = useState(false)
  useEffect(() => {
    if (!armed) return
    const t = setTimeout(() => setArmed(false), 4000)
    return () => clearTimeout(t)
  }, [armed])
  return (
    <Button
      {...rest}
      variant={armed ? 'danger' : rest.variant}
      aria-label={armed ? confirmLabel : rest['aria-label']}
      onClick={() => {
        if (!armed) return setArmed(true)
        setArmed(false)
        onConfirm()
      }}
    >
      {/* An icon-only button says in words what the second click does. */}
      {children ? (armed ? confirmLabel : children) : armed ? 'Click again' : undefined}
    </Button>
  )
}
