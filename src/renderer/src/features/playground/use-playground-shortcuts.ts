import { useEffect } from 'react'

/**
 * Ctrl/Cmd+Enter sends, Esc stops a running answer, wherever focus is on the page. An open dialog or
 * picker handles its own Esc first (they stop the event).
 */
export function usePlaygroundShortcuts(opts: { onSend: () => void; onStop: () => void; running: boolean }) {
  const { onSend, onStop, running } = opts
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
        e.preventDefault()
        onSend()
      } else if (e.key === 'Escape' && running && !e.defaultPrevented && !document.querySelector('dialog[open]')) {
        e.preventDefault()
        onStop()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onSend, onStop, running])
}
