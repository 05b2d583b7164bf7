import { useEffect } from 'react'
import type { ThemeChoice } from '../../stores/settings-slice'

/** Puts the chosen (or the system's) theme on <html data-theme>, following system changes live. */
export function useTheme(choice: ThemeChoice): void {
  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)')
    const apply = () => {
      const root = document.documentElement
      const dark = choice === 'dark' || (choice === 'system' && !!media?.matches)
      // Switch at once: without this every button would fade on its own transition.
      root.classList.add('theme-switching')
      root.dataset.theme = dark ? 'dark' : 'light'
      root.style.colorScheme = dark ? 'dark' : 'light'
      requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove('theme-switching')))
    }
    apply()
    media?.addEventListener?.('change', apply)
    return () => media?.removeEventListener?.('change', apply)
  }, [choice])
}
