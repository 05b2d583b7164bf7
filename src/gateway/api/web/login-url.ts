/**
 * The URL `serve` prints for web mode, notebook-style: opening it trades the admin token for a session
 * cookie. A wildcard bind address is not a name a browser can open (nor one the Host guard accepts),
 * so it is shown as the loopback address.
 */
export function loginUrl(gatewayUrl: string, adminToken: string): string {
  const url = new URL(gatewayUrl)
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1'
  if (url.hostname === '[::]') url.hostname = '[::1]'
  url.pathname = '/'
  url.search = `?token=${encodeURIComponent(adminToken)}`
  return url.toString()
}
