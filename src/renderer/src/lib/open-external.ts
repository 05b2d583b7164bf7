/**
 * How a link from model text leaves the app: in the desktop window, the preload's `openExternal` opens
 * the system browser (http(s) and mailto only); in web mode links open in a new tab
 * (`target=_blank rel=noopener noreferrer`), so this returns undefined.
 */
export function externalOpener(): ((url: string) => void) | undefined {
  const desktop = typeof window === 'undefined' ? undefined : window.gatehouse
  if (!desktop) return undefined
  return (url) => {
    if (/^(https?|mailto):/i.test(url)) void desktop.openExternal(url)
  }
}
