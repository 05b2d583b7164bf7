/** An error the gateway (or the network) gave back, with what the UI needs to say it plainly. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string | null
  readonly param: string | null

  constructor(message: string, opts: { status: number; code?: string | null; param?: string | null }) {
    super(message)
    this.name = 'ApiError'
    this.status = opts.status
    this.code = opts.code ?? null
    this.param = opts.param ?? null
  }

  /** 404 of a route the gateway does not have yet (not of a missing row). */
  get isMissingEndpoint(): boolean {
    return this.status === 404 && (this.code === null || this.code === 'unknown_route' || this.code === 'not_found')
  }
}

/** Builds an ApiError from an error response, whatever shape its body has. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const err = (body as { error?: { message?: string; code?: string; param?: string } } | undefined)?.error
  const message = err?.message ?? (text && text.length < 300 && !text.startsWith('<') ? text : `The gateway answered ${res.status} ${res.statusText}`.trim())
  return new ApiError(message, { status: res.status, code: err?.code ?? null, param: err?.param ?? null })
}

export const networkError = (e: unknown) =>
  new ApiError(`Cannot reach the gateway (${(e as Error).message || 'network error'}).`, { status: 0, code: 'network_error' })

export const isAbort = (e: unknown) => (e as Error)?.name === 'AbortError'

export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))
