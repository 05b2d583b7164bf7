/**
 * A browser session as people name it ("Chrome on Linux", "Safari on iPhone") from its user-agent
 * string; the raw string stays available as a tooltip. Order matters: Edge and Opera say "Chrome" too,
 * Chrome says "Safari", and the desktop app says "Electron".
 */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser'
  const ua = userAgent
  // Not a user-agent string (no product/version tokens): a name a client gave itself, shown as it is.
  if (!ua.includes('/')) return ua.slice(0, 60)
  const browser = /Electron\//.test(ua) ? 'Gatehouse desktop app'
    : /Edg\//.test(ua) ? 'Edge'
    : /OPR\/|Opera/.test(ua) ? 'Opera'
    : /Firefox\//.test(ua) ? 'Firefox'
    : /Chrom(e|ium)\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) ? 'Safari'
    : /curl\//.test(ua) ? 'curl'
    : null
  const os = /iPhone/.test(ua) ? 'iPhone'
    : /iPad/.test(ua) ? 'iPad'
    : /Android/.test(ua) ? 'Android'
    : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /CrOS/.test(ua) ? 'ChromeOS'
    : /Linux/.test(ua) ? 'Linux'
    : null
  if (!browser) return os ? `A browser on ${os}` : 'Unknown browser'
  return os ? `${browser} on ${os}` : browser
}
