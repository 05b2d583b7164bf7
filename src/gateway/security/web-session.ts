import { createHmac } from 'node:crypto'
import { SESSION_COOKIE } from '../../shared/web'
import { RANDOM_SECRET_LENGTH, randomSecret, secretHash } from './credentials'

export const SESSION_MAX_AGE_SECONDS = 30 * 86400

const PREFIX = 'v2.'

/**
 * A new session cookie value, `v2.<random>`: 256 random bits and nothing else. The gateway keeps only
 * its SHA-256 (see `sessionSecretHash`), so the database never holds a usable cookie either.
 */
export const newSessionValue = (): string => `${PREFIX}${randomSecret()}`

/** The stored form of a cookie value; null for a value this gateway never issues. */
export function sessionSecretHash(value: string): string | null {
  if (!value.startsWith(PREFIX) || value.length !== PREFIX.length + RANDOM_SECRET_LENGTH) return null
  return secretHash(value)
}

/**
 * Which admin token a session was opened under, without storing the token: a session whose mark is
 * not the current token's ends the moment the token changes.
 */
export const adminTokenMark = (adminToken: string): string => createHmac('sha256', adminToken).update('gatehouse-web-session-token-mark').digest('base64url')

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
