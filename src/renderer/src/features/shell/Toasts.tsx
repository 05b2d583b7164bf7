import { useEffect } from 'react'
import { useAppStore } from '../../stores/app-store'

/** Short notices in one polite live region; each goes away after a few seconds. */
export function Toasts() {
  const toasts = useAppStore((s) => s.toasts)
  const dismiss = useAppStore((s) => s.dismissToast)
  useEffect(() => {
    if (!toasts.length) return
    const t = setTimeout(() => dismiss(toasts[0]!.id), toasts[0]!.kind === 'error' ? 7000 : 3000)
    return () => clearTimeout(t)
  }, [toasts, dismiss])
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          {t.text}
        </div>
      ))}
    </div>
  )
}
