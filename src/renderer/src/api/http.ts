import { ApiError, errorFromResponse, isAbort, networkError } from './api-error'
import { adminAuth, type Connection } from './connection'

export type Auth = 'none' | 'admin' | { apiKey: string }

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  body?: unknown
  auth: Auth
  signal?: AbortSignal
  headers?: Record<string, string>
}

export function authInit(conn: Connection, auth: Auth): { headers: Record<string, string>; credentials: RequestCredentials } {
  if (auth === 'admin') return adminAuth(conn)
  if (auth === 'none') return { headers: {}, credentials: 'same-origin' }
  return { headers: { authorization: `Bearer ${auth.apiKey}` }, credentials: 'omit' }
}

/** One HTTP call to the gateway; a non-2xx answer becomes an ApiError carrying the gateway's message. */
export async function send(conn: Connection, path: string, opts: RequestOptions): Promise<Response> {
  const { headers, credentials } = authInit(conn, opts.auth)
  // Forms and raw bytes go as they are (the browser sets a form's boundary); anything else as JSON.
  const isForm = (typeof FormData !== 'undefined' && opts.body instanceof FormData) || (typeof Blob !== 'undefined' && opts.body instanceof Blob)
  const init: RequestInit = {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: { ...headers, ...(opts.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    credentials,
    signal: opts.signal,
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData | Blob) : JSON.stringify(opts.body),
  }
  let res: Response
  try {
    res = await fetch(`${conn.baseUrl}${path}`, init)
  } catch (e) {
    if (isAbort(e)) throw e
    throw networkError(e)
  }
  if (!res.ok) throw await errorFromResponse(res)
  return res
}

export async function requestJson<T>(conn: Connection, path: string, opts: RequestOptions): Promise<T> {
  const res = await send(conn, path, opts)
  if (res.status === 204) return undefined as T
  try {
    return (await res.json()) as T
  } catch {
    throw new ApiError('The gateway sent an answer that is not JSON.', { status: res.status, code: 'bad_json' })
  }
}
