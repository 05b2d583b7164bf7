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
 * (the first byte). Errors before then are UpstreamErrors that say whether a fallback may help.
 */
export async function postUpstream(
  providerId: string,
  conn: UpstreamConnection,
  path: string,
  body: string | Buffer,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<UpstreamResponse> {
  const total = AbortSignal.timeout(conn.timeouts.totalMs)
  let res
  try {
    res = await request(`${conn.baseUrl}${path}`, {
      method: 'POST',
      dispatcher: conn.dispatcher,
      headers: { 'content-type': 'application/json', ...conn.headers, ...headers },
      body,
      signal: AbortSignal.any([signal, total]),
    })
  } catch (err) {
    if (signal.aborted) throw err
    throw upstreamConnectionError(providerId, total.aborted ? Object.assign(new Error('total timeout'), { code: 'UND_ERR_TOTAL_TIMEOUT' }) : err)
  }
  if (res.statusCode >= 400) {
    const text = await res.body.text().catch(() => '')
    const retryAfter = res.headers['retry-after']
    throw upstreamStatusError(providerId, res.statusCode, upstreamErrorMessage(text), Array.isArray(retryAfter) ? retryAfter[0] : retryAfter)
  }
  return { status: res.statusCode, headers: res.headers, body: res.body as UpstreamResponse['body'] }
}
