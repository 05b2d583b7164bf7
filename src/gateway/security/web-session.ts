import { createHmac, randomBytes } from 'node:crypto'
import { SESSION_COOKIE } from '../../shared/web'
import { constantTimeEqual } from './credentials'

export const SESSION_MAX_AGE_SECONDS = 30 * 86400

const PREFIX = 'v1'

const sign = (adminToken: string, payload: string) =>
  createHmac('sha256', adminToken).update(`gatehouse-web-session|${payload}`).digest('base64url')

/**
 * A new session value: `v1.<issued-at>.<random>.<hmac>`. The HMAC is keyed with the admin token, so the
 * cookie never holds the token, survives a restart, and every session dies when the token changes.
 */
export function createSessionValue(adminToken: string, nowMs: number): string {
  const payload = `${PREFIX}.${Math.floor(nowMs / 1000)}.${randomBytes(18).toString('base64url')}`
  return `${payload}.${sign(adminToken, payload)}`
}

export function isValidSessionValue(value: string, adminToken: string, nowMs: number): boolean {
  const parts = value.split('.')
  if (parts.length !== 4 || parts[0] !== PREFIX) return false
  const issuedAt = Number(parts[1])
  const age = nowMs / 1000 - issuedAt
  if (!Number.isInteger(issuedAt) || age < -60 || age > SESSION_MAX_AGE_SECONDS) return false
  return constantTimeEqual(sign(adminToken, parts.slice(0, 3).join('.')), parts[3]!)
}

/** `a=1; b=2` -> the value of `name`, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    if (eq > 0 && pair.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(eq + 1).trim())
      } catch {
        return undefined // a malformed cookie is no session, not a server error
      }
    }
  }
  return undefined
}

export function sessionCookie(value: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MAX_AGE_SECONDS}${secure ? '; Secure' : ''}`
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`
}
