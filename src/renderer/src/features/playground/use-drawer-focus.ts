import { useEffect, useRef } from 'react'

/** A panel opened as a drawer takes the focus, so keyboard users land in it (Esc or its close button leaves). */
export function useDrawerFocus<T extends HTMLElement>(drawer: boolean) {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (!drawer) return
    const opener = document.activeElement as HTMLElement | null
    ref.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus()
    return () => opener?.focus?.()
  }, [drawer])
  return ref
}
