import type { GatehouseDesktopApi } from '../../../preload/api'

/**
 * How a link from model text leaves the app. The desktop preload gains `openExternal(url)` (opening the
 * system browser) on another branch; until it is there, and in web mode, links open in a new tab
 * (`target=_blank rel=noopener noreferrer`), so this returns undefined.
 */
export function externalOpener(): ((url: string) => void) | undefined {
  const desktop = (typeof window === 'undefined' ? undefined : window.gatehouse) as (GatehouseDesktopApi & { openExternal?: (url: string) => Promise<void> }) | undefined
  const open = desktop?.openExternal
  if (!open) return undefined
  return (url) => {
    if (/^(https?|mailto):/i.test(url)) void open.call(desktop, url)
  }
}
