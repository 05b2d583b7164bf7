import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 random bits as base64url: the random part of every key, token, client secret and session id. */
export const randomSecret = (): string => randomBytes(32).toString('base64url')
/** The length of `randomSecret()`. */
export const RANDOM_SECRET_LENGTH = 43

/** What is kept of a secret (a key, a token, a client secret, a session cookie): its SHA-256, hex. */
export const secretHash = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex')

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
