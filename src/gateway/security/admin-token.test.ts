import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../../test/support/temp-dirs'
import { ADMIN_TOKEN_FILE, AdminTokenError, isAdminToken, loadAdminToken } from './admin-token'

const dataDir = useTempDirs('gh-token-')

describe('the admin-token file', () => {
  it('is created with a long random token on first use', () => {
    const dir = dataDir()
    const token = loadAdminToken(dir)
    expect(token).toMatch(/^[\w-]{43}$/)
    expect(loadAdminToken(dir)).toBe(token)
  })

  it.each([
    ['empty', ''],
    ['only whitespace', ' \n'],
    ['too short', 'abc123'],
  ])('stops start-up when it is %s, naming the file and the fix', (_what, content) => {
    const dir = dataDir()
    writeFileSync(join(dir, ADMIN_TOKEN_FILE), content)
    expect(() => loadAdminToken(dir)).toThrow(AdminTokenError)
    expect(() => loadAdminToken(dir)).toThrow(new RegExp(`${join(dir, ADMIN_TOKEN_FILE)}.*at least 16 characters.*delete it`))
    expect(readFileSync(join(dir, ADMIN_TOKEN_FILE), 'utf8')).toBe(content)
  })

  it('stops start-up when it cannot be read', () => {
    if (process.getuid?.() === 0) return // root reads any file
    const dir = dataDir()
    writeFileSync(join(dir, ADMIN_TOKEN_FILE), 'x'.repeat(40))
    chmodSync(join(dir, ADMIN_TOKEN_FILE), 0o000)
    expect(() => loadAdminToken(dir)).toThrow(/cannot be read/)
  })
})

describe('isAdminToken', () => {
  it('never matches an empty or short token, even against itself', () => {
    expect(isAdminToken('', '')).toBe(false)
    expect(isAdminToken('short', 'short')).toBe(false)
    expect(isAdminToken(undefined, 'x'.repeat(40))).toBe(false)
    expect(isAdminToken('x'.repeat(40), 'x'.repeat(40))).toBe(true)
    expect(isAdminToken('y'.repeat(40), 'x'.repeat(40))).toBe(false)
  })
})
