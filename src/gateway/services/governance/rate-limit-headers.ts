/** A wait as OpenAI writes it in `x-ratelimit-reset-*`: `20ms`, `1s`, `6m0s`. */
export function resetDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.ceil(ms))}ms`
  const seconds = Math.ceil(ms / 1000)
  const minutes = Math.floor(seconds / 60)
  return minutes ? `${minutes}m${seconds % 60}s` : `${seconds}s`
}

export interface LimitState {
  limit: number
  remaining: number
  resetMs: number
}

/** The `x-ratelimit-*` headers of the tightest request and token limits that apply (none when no limit does). */
export function rateLimitHeaders(requests: LimitState | null, tokens: LimitState | null): Record<string, string> {
  const h: Record<string, string> = {}
  if (requests) {
    h['x-ratelimit-limit-requests'] = String(requests.limit)
    h['x-ratelimit-remaining-requests'] = String(Math.max(0, requests.remaining))
    h['x-ratelimit-reset-requests'] = resetDuration(requests.resetMs)
  }
  if (tokens) {
    h['x-ratelimit-limit-tokens'] = String(tokens.limit)
    h['x-ratelimit-remaining-tokens'] = String(Math.max(0, tokens.remaining))
    h['x-ratelimit-reset-tokens'] = resetDuration(tokens.resetMs)
  }
  return h
}

/** Every header rateLimitHeaders can set, and a 429's Retry-After: for CORS to let a browser read them. */
export const RATE_LIMIT_HEADERS = ['requests', 'tokens'].flatMap((t) => ['limit', 'remaining', 'reset'].map((w) => `x-ratelimit-${w}-${t}`)).concat('retry-after')
