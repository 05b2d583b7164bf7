import { describe, expect, it } from 'vitest'
import { createSessionValue, isValidSessionValue, readCookie, SESSION_MAX_AGE_SECONDS } from './web-session'

describe('web session cookie', () => {
  const token = 'admin-token-for-tests'
  const now = Date.UTC(2026, 10, 22)

  it('is valid for its own token and lifetime only', () => {
    const value = createSessionValue(token, now)
    expect(value).not.toContain(token)
    expect(isValidSessionValue(value, token, now)).toBe(true)
    expect(isValidSessionValue(value, 'another-token', now)).toBe(false)
    expect(isValidSessionValue(value, token, now + (SESSION_MAX_AGE_SECONDS + 1) * 1000)).toBe(false)
    expect(isValidSessionValue(`${value.slice(0, -2)}xx`, token, now)).toBe(false)
  })

  it('reads a cookie by name, and a malformed value as no cookie rather than an error', () => {
    expect(readCookie('a=1; gatehouse_session=v1.x; b=2', 'gatehouse_session')).toBe('v1.x')
    expect(readCookie('gatehouse_session=%E0%A4%A', 'gatehouse_session')).toBeUndefined()
    expect(readCookie(undefined, 'gatehouse_session')).toBeUndefined()
  })
})
