import { WEB_CLIENT_HEADER } from '../../../shared/web'

/**
 * How the renderer reaches the gateway. In Electron the preload hands over the URL and the admin token;
 * in a browser (web mode) the page is served by the gateway itself, so requests are same-origin and
 * the admin API is opened by the HttpOnly session cookie set at `/?token=`.
 */
export type Connection =
  | { mode: 'desktop'; baseUrl: string; adminToken: string }
  | { mode: 'web'; baseUrl: string }

export async function resolveConnection(): Promise<Connection> {
  const desktop = window.gatehouse
  if (desktop) {
    const info = await desktop.gatewayInfo()
    return { mode: 'desktop', baseUrl: info.url.replace(/\/$/, ''), adminToken: info.adminToken }
  }
  return { mode: 'web', baseUrl: window.location.origin }
}

/** Headers and fetch options for an admin call. */
export function adminAuth(conn: Connection): { headers: Record<string, string>; credentials: RequestCredentials } {
  return conn.mode === 'desktop'
    ? { headers: { authorization: `Bearer ${conn.adminToken}` }, credentials: 'omit' }
    : { headers: { [WEB_CLIENT_HEADER]: '1' }, credentials: 'same-origin' }
}

/** Desktop only: the team key the gateway created on its first start, handed over once by the main process. */
export async function takeFirstRunKey(): Promise<{ teamName: string; key: string } | null> {
  return (await window.gatehouse?.takeFirstRunKey()) ?? null
}
