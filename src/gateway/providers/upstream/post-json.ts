import { request } from 'undici'
import type { UpstreamConnection } from './upstream-connection'
import { upstreamConnectionError, upstreamErrorMessage, upstreamStatusError } from './upstream-error'

export interface UpstreamResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: AsyncIterable<Buffer> & { text(): Promise<string>; json(): Promise<unknown>; destroy(): void }
}

/**
 * POSTs a body upstream over the provider's pool and returns once the status line and headers are in
 * (the first byte), whatever the status. Failures before then are UpstreamErrors that say whether a
 * fallback may help.
 */
export async function sendUpstream(
  providerId: string,
  conn: UpstreamConnection,
  path: string,
  body: string | Buffer,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<UpstreamResponse> {
  const total = AbortSignal.timeout(conn.timeouts.totalMs)
  try {
    const res = await request(`${conn.baseUrl}${path}`, {
      method: 'POST',
      dispatcher: conn.dispatcher,
      headers: { 'content-type': 'application/json', ...conn.headers, ...headers },
      body,
      signal: AbortSignal.any([signal, total]),
    })
    // An abort errors the body; readers see it through iteration, so an unread body must not crash.
    res.body.on('error', () => {})
    return { status: res.statusCode, headers: res.headers, body: res.body as UpstreamResponse['body'] }
  } catch (err) {
    if (signal.aborted) throw err
    throw upstreamConnectionError(providerId, total.aborted ? Object.assign(new Error('total timeout'), { code: 'UND_ERR_TOTAL_TIMEOUT' }) : err)
  }
}

/** `sendUpstream`, with any status of 400 or more turned into an UpstreamError. */
export async function postUpstream(
  providerId: string,
  conn: UpstreamConnection,
  path: string,
  body: string | Buffer,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<UpstreamResponse> {
  const res = await sendUpstream(providerId, conn, path, body, headers, signal)
  if (res.status >= 400) {
    const text = await res.body.text().catch(() => '')
    const retryAfter = res.headers['retry-after']
    throw upstreamStatusError(providerId, res.status, upstreamErrorMessage(text), Array.isArray(retryAfter) ? retryAfter[0] : retryAfter)
  }
  return res
}
