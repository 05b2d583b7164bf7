import { timingSafeEqual } from 'node:crypto'

/** `Bearer <token>` -> the token (trimmed), or undefined for any other scheme or an empty token. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '')
  return m?.[1]?.trim() || undefined
}

/** Compares two secrets in time that does not depend on where they differ. */
export function constantTimeEqual(a: string | Buffer, b: string | Buffer): boolean {
  const x = Buffer.isBuffer(a) ? a : Buffer.from(a)
  const y = Buffer.isBuffer(b) ? b : Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
