/**
 * What the desktop window may do, decided from URLs alone so it is tested without Electron: the window
 * shows the gateway's own pages and nothing else; every other link opens in the system browser.
 */

export type NavigationDecision = 'allow' | 'open-external' | 'block'

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/** Links the system browser may be asked to open: web pages and mail, never file:, javascript: or custom schemes. */
export function isExternalLink(url: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(url).protocol)
  } catch {
    return false
  }
}

/** A navigation (or a new window) the page asked for. */
export function navigationDecision(url: string, gatewayOrigin: string | null): NavigationDecision {
  if (gatewayOrigin && originOf(url) === gatewayOrigin) return 'allow'
  return isExternalLink(url) ? 'open-external' : 'block'
}

/** IPC is answered only for the gateway's own page (the preload runs in every frame it is given to). */
export function isTrustedSender(frameUrl: string | undefined, gatewayOrigin: string | null): boolean {
  return !!frameUrl && !!gatewayOrigin && originOf(frameUrl) === gatewayOrigin
}

/**
 * Permission requests: only the microphone (audio, never the camera or screen) and writing to the
 * clipboard (copy buttons), and only for the gateway's origin. Everything else is refused.
 */
export function permissionAllowed(permission: string, requestingUrl: string, gatewayOrigin: string | null, mediaTypes: readonly string[] = []): boolean {
  if (!gatewayOrigin || originOf(requestingUrl) !== gatewayOrigin) return false
  if (permission === 'media') return mediaTypes.length > 0 && mediaTypes.every((t) => t === 'audio')
  return permission === 'clipboard-sanitized-write'
}

/**
 * The window's Content-Security-Policy, added to the gateway's responses: scripts, styles and fonts from
 * the gateway only, no inline script, no eval, no plugins, no framing; media and images may also be
 * blob:/data: (recorded audio, pasted images).
 */
export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
  ].join('; ')
}
