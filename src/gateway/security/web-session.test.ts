import { describe, expect, it } from 'vitest'
import { adminTokenMark, newSessionValue, readCookie, sessionSecretHash } from './web-session'

describe('web session cookie', () => {
  it('is 256 random bits, stored only as a hash', () => {
    const value = newSessionValue()
    expect(value).toMatch(/^v2\.[\w-]{43}$/)
    expect(newSessionValue()).not.toBe(value)
    expect(sessionSecretHash(value)).toMatch(/^[0-9a-f]{64}$/)
    expect(sessionSecretHash(value)).not.toContain(value.slice(3))
    for (const forged of ['', 'v2.', 'v1.1700000000.abc.def', `${value}x`]) expect(sessionSecretHash(forged)).toBeNull()
  })

  it('marks the admin token a session was opened under without holding it', () => {
    const token = 'admin-token-for-tests-0123456789'
    expect(adminTokenMark(token)).toBe(adminTokenMark(token))
    expect(adminTokenMark(token)).not.toBe(adminTokenMark(`${token}x`))
    expect(adminTokenMark(token)).not.toContain(token)
  })

  it('reads a cookie by name, and a malformed value as no cookie rather than an error', () => {
    expect(readCookie('a=1; gatehouse_session=v1.x; b=2', 'gatehouse_session')).toBe('v1.x')
    expect(readCookie('gatehouse_session=%E0%A4%A', 'gatehouse_session')).toBeUndefined()
    expect(readCookie(undefined, 'gatehouse_session')).toBeUndefined()
  })
})
